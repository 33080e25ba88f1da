/** Version of this product, reported as capabilities.version. */
export const VMARK_VERSION = '0.1.0';
/** The seed's mcpProtocol value, reported by session.get_state. */
export const MCP_PROTOCOL = '0.2.0';
/** Version of the wire messages between bridge, host, extension and editor. */
export const WIRE_VERSION = 1;
/** Name of the native-messaging host (the manifest file is <name>.json). */
export const NATIVE_HOST_NAME = 'com.vmark.host';
/** The extension id is fixed by the public key in its manifest (see extension/manifest.json). */
export const EXTENSION_ID = 'ddhlbbmpcipbjjlobdbegoljamfgdbjf';
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEArX5v3NVXbgwsOXPl1X3qCmD70/9Gnu5JCYUH6pVWc0mwvcAdFBU6RbDoAxzgFejtHmhFZ+q29CvAs3TWJ+GweyDyeLkx+mv+AmE9b4s3hZ48vmwjoBvo0bB8NxzyU69KMT37UN3JM/Xuh0aaVBY5rfvbrYYzWPTvcGL5KrDNyTdO1Y85CmNwbCkmOA5x/wAoPACcvMex8JmkyS73G3+wT2WEUJxd0gh+wJO/3kcgvg3b+++mG9Du7rDA79akhjI7m8dCineQt5X+hqWiv4/9rxIJDdxa8Fwq2D4CABAlWmmzClupWW7VjnxLqX4KQzpeM3twyn07zCrvlrVuweon1QIDAQAB';
/** The editor is served on a fixed loopback port so that its origin (and with it OPFS and IndexedDB) stays the same. */
export const DEFAULT_EDITOR_PORT = 47_321;
export const SUPPORTED_KINDS = ['markdown', 'yaml-workflow'] as const;
export type DocumentKind = (typeof SUPPORTED_KINDS)[number];
