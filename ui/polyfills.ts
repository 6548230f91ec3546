// Loaded by index.html as its own module script before ui/main.tsx: module scripts run in document order,
// so the Reflect metadata API that tsyringe's decorators need exists before any chunk defines a use case.
import "reflect-metadata";
