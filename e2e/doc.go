// Package e2e holds the end-to-end tests of the real touchmove binary: the
// command line, and the window under Xvfb driven with xdotool. They run with
// `go test -tags e2e ./e2e/` (make e2e) and need xvfb, xdotool and
// imagemagick; screenshots are kept in e2e/shots/ for review.
package e2e
