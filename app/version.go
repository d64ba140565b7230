package app

// Version is Touchmove's release version; FyneApp.toml carries the same.
const Version = "0.1.0"
