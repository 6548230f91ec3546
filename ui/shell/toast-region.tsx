import { Button, Text, UNSTABLE_Toast as Toast, UNSTABLE_ToastContent as ToastContent, type UNSTABLE_ToastQueue as ToastQueue, UNSTABLE_ToastRegion as ToastRegion } from "react-aria-components";
import { useIntl } from "react-intl";

/** The visible toasts of the shop's queue in a react-aria ToastRegion (a landmark; each toast has a close button). Its own chunk, loaded when the first toast shows. spec §2 Other layers. */
export function ShopToastRegion({ queue }: { queue: ToastQueue<{ readonly title: string; readonly description?: string }> }) {
  const intl = useIntl();
  return (
    <ToastRegion queue={queue} className="toast-region" aria-label={intl.formatMessage({ id: "toast.region" })}>
      {({ toast }) => (
        <Toast toast={toast} className="toast">
          <ToastContent>
            <Text slot="title">{toast.content.title}</Text>
            {toast.content.description ? <Text slot="description">{toast.content.description}</Text> : null}
          </ToastContent>
          <Button slot="close" className="button ghost" aria-label={intl.formatMessage({ id: "error.close" })}>
            ×
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
