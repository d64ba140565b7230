// Package packaging holds what installs Touchmove on a desktop: the desktop
// entry, AppStream metadata, the MIME type for .pgn files, icons, and the
// script that installs the system packages a build needs (install-deps.sh).
// It has no Go code of its own beyond this file.
package packaging
