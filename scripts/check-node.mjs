// Fails fast when an npm script is not running on the pinned Node 24 (the `node` devDependency).
const major = Number(process.versions.node.split(".")[0]);
if (major !== 24) {
  console.error(`Expected Node 24 (pinned devDependency "node"), got ${process.version}. Run through npm scripts after npm ci.`);
  process.exit(1);
}
console.log(`node ${process.version}`);
