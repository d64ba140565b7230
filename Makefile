# Touchmove — `make run` builds and starts the app, `make test` runs every test.
# Both first install the Debian/Ubuntu packages that are missing (as root, or
# through sudo): see README.md for the list and why.
GO ?= go
export PATH := $(PATH):/usr/local/go/bin

# To build: a C compiler for cgo, GTK 3 headers (native file dialogs; they pull
# in pkg-config, the X11 and OpenGL headers), Xxf86vm for GLFW, and ALSA's
# headers for the sounds (github.com/ebitengine/oto/v3).
BUILD_PKGS := gcc pkg-config libgtk-3-dev libxxf86vm-dev libasound2-dev
# To test: a virtual X server, a mouse/keyboard driver and screenshots for the
# end-to-end test; stockfish and pgn-extract as independent references.
TEST_PKGS := xvfb xdotool imagemagick stockfish pgn-extract

# Packages that have tests; -race runs only on them (main's cgo deps are slow to rebuild).
TEST_PKG_LIST = $(shell $(GO) list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ./...)

.PHONY: run build test deps test-deps vet fmt-check unit e2e bench clean

run: build
	./touchmove

build: deps
	$(GO) build -o touchmove .

deps:
	@./packaging/install-deps.sh $(BUILD_PKGS)

test-deps:
	@./packaging/install-deps.sh $(BUILD_PKGS) $(TEST_PKGS)

test: test-deps fmt-check vet unit e2e

fmt-check:
	@out=$$(gofmt -l $$(find . -name '*.go' -not -path './.git/*')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

unit:
	$(GO) test -race $(TEST_PKG_LIST)

e2e:
	$(GO) test -tags e2e -count=1 -timeout 20m -v ./e2e/

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core/...

clean:
	rm -f touchmove
