package cli

import (
	"os"
	"testing"

	"touchmove/internal/fakeengine"
)

func TestMain(m *testing.M) {
	fakeengine.Serve() // the test binary is also the tests' misbehaving engine
	os.Exit(m.Run())
}
