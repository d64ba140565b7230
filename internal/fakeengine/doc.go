// Package fakeengine is a small UCI engine for the tests of the packages
// that drive engines (app/analysis, app/cli, ui): the test binary runs as
// the engine when the environment variable Env is set, so that a test can
// make an engine misbehave on purpose without shipping one. It follows the
// positions it is sent with core/chess and answers with their first legal
// move, at a score of +0.20.
//
// Use it from TestMain:
//
//	func TestMain(m *testing.M) {
//		fakeengine.Serve() // returns unless the binary was started as the engine
//		os.Exit(m.Run())
//	}
//
// and start the engine with Config(mode).
package fakeengine
