package mistakes_test

import (
	"os"
	"testing"

	"touchmove/internal/fakeengine"
)

func TestMain(m *testing.M) {
	fakeengine.Serve() // the test binary is also the tests' engine
	os.Exit(m.Run())
}
