// The legacy renderer: Betrayal Legacy is played in the same kind of house as betrayal (floors,
// tiles with doorways and symbols, explorers with trait tracks, monsters, a haunt), and its view
// holds everything betrayal's does, so its page is the betrayal renderer: another instance of
// that module (the query makes it one), reading the legacy catalogue and drawing the outside too.
export * from "./betrayal.js?ruleset=legacy";
