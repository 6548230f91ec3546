import { Star } from "lucide";
import { Icon } from "../common/icon.tsx";
import { useIntl } from "react-intl";

/** The visible name of a package category ("hotel" -> "Hotel"); unknown categories show as they come. */
export const categoryLabel = (intl: ReturnType<typeof useIntl>, category: string): string => {
  const id = `travel.category.${category}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : category;
};

/** A star rating as icons with its text for screen readers ("4 stars"). */
export function Stars({ rating }: { rating: number }) {
  const intl = useIntl();
  return (
    <span className="stars" role="img" aria-label={intl.formatMessage({ id: "travel.stars" }, { stars: rating })}>
      {Array.from({ length: rating }, (_, i) => (
        <Icon node={Star} key={i} size={16} aria-hidden="true" fill="currentColor" />
      ))}
    </span>
  );
}
