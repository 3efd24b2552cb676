/** Ethereum JSON-RPC Specification: endpoints, batch rules and error conventions. */
export const ethService = {
    "name": "eth",
    "endpoints": [],
    "batch": true,
    "dialect": "standard"
};
