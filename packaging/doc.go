// Package packaging holds what installs Touchmove on a desktop: the desktop
// entry, AppStream metadata, the MIME type for .pgn files, the icons in the
// hicolor sizes (icons/, made by tools/icons), and the script that installs
// the system packages a build needs (install-deps.sh). `make install` copies
// them. It has no Go code beyond this file; its tests validate the files and
// check that they agree with FyneApp.toml.
package packaging
