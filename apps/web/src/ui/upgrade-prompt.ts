type TOpenUpgradePrompt = () => void;

let host: TOpenUpgradePrompt | null = null;

/**
 * The console shell hosts the one upgrade prompt (it needs the router and the client's plan); anything else,
 * such as the global handling of a 402, asks it to open. Returns the function that unregisters the host.
 */
export const registerUpgradePromptHost = (open: TOpenUpgradePrompt) => {
  host = open;
  return () => {
    if (host === open) host = null;
  };
};

/** Opens the upgrade prompt; false when no console shell is there to show it. */
export const openUpgradePrompt = () => {
  if (!host) return false;
  host();
  return true;
};
