package cli

import (
	"fmt"
	"io"
	"runtime"

	"touchmove/app"
)

// Version runs `touchmove version`: it prints the version and the Go release.
func Version(args []string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		return usageError(stderr, "usage: touchmove version", "version takes no arguments")
	}
	fmt.Fprintf(stdout, "touchmove %s (%s)\n", app.Version, runtime.Version())
	return 0
}
