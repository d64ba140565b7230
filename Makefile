# Touchmove — `make run` builds and starts the app, `make test` runs every test.
# Both first install the Debian/Ubuntu packages that are missing (as root, or
# through sudo): see README.md for the list and why.
GO ?= go
export PATH := $(PATH):/usr/local/go/bin
# Every go command builds without Fyne's bundled emoji font (4 MB): Fyne
# parsed it for each text style at start-up, 20–30 ms before the first frame
# (docs/toolchain.md, "Start-up and memory"), and none of Touchmove's own
# text needs it; an emoji in a game's comment comes from the system's fonts.
# And without Fyne's animations (no_animations): a focused entry's blinking
# cursor fades in and out by repainting the whole window, 12 frames a second,
# so typing moves in the move box through a game took 15–17 % of a core
# against 3 % for the clock alone (issue 45); the cursor stays lit instead,
# and a button no longer ripples when pressed.
TAGS := no_emoji,no_animations
export GOFLAGS := -tags=$(TAGS)

# To build: a C compiler for cgo, GTK 3 headers (native file dialogs; they pull
# in pkg-config, the X11 and OpenGL headers), Xxf86vm for GLFW, ALSA's
# headers for the sounds (github.com/ebitengine/oto/v3), and stockfish so
# that engine analysis works from the first start.
BUILD_PKGS := gcc pkg-config libgtk-3-dev libxxf86vm-dev libasound2-dev stockfish
# To test: a virtual X server, a mouse/keyboard driver and screenshots for the
# end-to-end test; pgn-extract as an independent reference (stockfish, a
# build package, is one too); poppler-utils (pdftotext) reads the printed
# scoresheets back; the desktop-file and AppStream validators, and the MIME
# and desktop databases with xdg-mime to check that `make install` makes
# .pgn files open with us. xauth: xvfb-run needs it and xvfb only recommends
# it, which install-deps.sh does not install.
TEST_PKGS := xvfb xauth xdotool imagemagick pgn-extract poppler-utils \
	desktop-file-utils appstream shared-mime-info xdg-utils

# Packages that have tests; -race runs only on them (main's cgo deps are slow to rebuild).
TEST_PKG_LIST = $(shell $(GO) list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ./...)

# `make install` puts Touchmove where desktops look for it: the binary, the
# desktop entry, the icons, the AppStream metadata and the .pgn MIME type.
# PREFIX is ~/.local for a user and /usr/local for root; DESTDIR stages the
# tree for a package (then the desktop's caches are left to the package).
# BIN installs a binary built elsewhere instead of building ./touchmove.
ifeq ($(shell id -u),0)
PREFIX ?= /usr/local
else
PREFIX ?= $(HOME)/.local
endif
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
BIN ?=
APP_ID := io.github.touchmove.Touchmove
ICON_SIZES := 16 24 32 48 64 128 256 512
INSTALLED := $(BINDIR)/touchmove \
	$(DATADIR)/applications/$(APP_ID).desktop \
	$(DATADIR)/metainfo/$(APP_ID).metainfo.xml \
	$(DATADIR)/mime/packages/$(APP_ID).xml \
	$(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg \
	$(foreach s,$(ICON_SIZES),$(DATADIR)/icons/hicolor/$(s)x$(s)/apps/$(APP_ID).png)

.PHONY: run build test deps test-deps vet fmt-check unit e2e bench clean install uninstall packages guide-shots

# The Windows release, built here: `make windows` cross-compiles
# touchmove.exe with MinGW (cgo: Fyne's OpenGL and GLFW), with the icon and
# version from FyneApp.toml (tools/winres, then MinGW's windres makes the
# .syso that go build links in), and writes the portable zip and the NSIS
# installer into dist/. `make windows-test` checks them under Wine
# (packaging/windows/wine-test.sh). Neither is part of make test; their
# packages are their own list. xvfb, xauth, xdotool and imagemagick are the
# Wine test's display, mouse and screenshots, as for make test.
WINDOWS_PKGS := gcc-mingw-w64-x86-64 nsis zip wine wine64 xvfb xauth xdotool imagemagick
WINDOWS_BUILD := build/windows
WINDOWS_ENV := CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC=x86_64-w64-mingw32-gcc
WINDOWS_ZIP := dist/touchmove-windows-amd64.zip
WINDOWS_SETUP := dist/Touchmove-setup-windows-amd64.exe
WINDOWS_SYSO := zz_touchmove_windows_amd64.syso

.PHONY: windows windows-test windows-deps windows-packages

run: build
	./touchmove

build: deps
	$(GO) build -o touchmove .

deps:
	@./packaging/install-deps.sh $(BUILD_PKGS)

test-deps:
	@./packaging/install-deps.sh $(BUILD_PKGS) $(TEST_PKGS)

windows-deps:
	@./packaging/install-deps.sh $(WINDOWS_PKGS)

windows-packages:
	@echo $(WINDOWS_PKGS)

# The .exe is built once: make windows-test tests these very files.
windows: windows-deps
	$(GO) run ./tools/winres -o $(WINDOWS_BUILD)
	cd $(WINDOWS_BUILD) && x86_64-w64-mingw32-windres -O coff -i touchmove.rc -o touchmove.syso
	cp $(WINDOWS_BUILD)/touchmove.syso $(WINDOWS_SYSO)
	$(WINDOWS_ENV) $(GO) build -ldflags "-s -w -H=windowsgui" -o $(WINDOWS_BUILD)/touchmove.exe . ; \
		status=$$?; rm -f $(WINDOWS_SYSO); exit $$status
	cp packaging/windows/README.txt $(WINDOWS_BUILD)/README.txt
	mkdir -p dist
	rm -f $(WINDOWS_ZIP)
	cd $(WINDOWS_BUILD) && zip -q -X -9 $(CURDIR)/$(WINDOWS_ZIP) touchmove.exe README.txt
	makensis -V2 -DBUILD=$(CURDIR)/$(WINDOWS_BUILD) -DOUT=$(CURDIR)/$(WINDOWS_SETUP) packaging/windows/touchmove.nsi
	@ls -l $(WINDOWS_ZIP) $(WINDOWS_SETUP)

windows-test: windows
	./packaging/windows/wine-test.sh $(WINDOWS_BUILD) $(WINDOWS_SETUP)

# packages prints the Debian packages the build and the tests install (the e2e
# test TestEveryToolIsInstalled checks that each command they run is in one).
packages:
	@echo $(BUILD_PKGS) $(TEST_PKGS)

test: test-deps fmt-check vet unit e2e

fmt-check:
	@out=$$(gofmt -l $$(find . -name '*.go' -not -path './.git/*')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

unit:
	$(GO) test -race -timeout 20m $(TEST_PKG_LIST)
	cd third_party/go-locale && $(GO) test ./...
	cd third_party/dialog && xvfb-run -a $(GO) test ./...

e2e:
	$(GO) test -tags e2e -count=1 -timeout 20m -v ./e2e/

# guide-shots takes the user's guide's screenshots (docs/guide/shots) from the
# real window in English, Russian and Slovak, through Fyne's test driver.
guide-shots:
	$(GO) test -tags guideshots,$(TAGS) -count=1 -run TestGuideShots ./ui/

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core/...

install: $(if $(BIN),,build)
	install -Dm755 $(or $(BIN),touchmove) $(DESTDIR)$(BINDIR)/touchmove
	install -d $(DESTDIR)$(DATADIR)/applications
	sed 's|^Exec=touchmove|Exec=$(BINDIR)/touchmove|' packaging/$(APP_ID).desktop >$(DESTDIR)$(DATADIR)/applications/$(APP_ID).desktop
	install -Dm644 packaging/$(APP_ID).metainfo.xml $(DESTDIR)$(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 packaging/x-chess-pgn.xml $(DESTDIR)$(DATADIR)/mime/packages/$(APP_ID).xml
	install -Dm644 packaging/icons/hicolor/scalable/apps/$(APP_ID).svg $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg
	for s in $(ICON_SIZES); do \
		install -Dm644 packaging/icons/hicolor/$${s}x$${s}/apps/$(APP_ID).png $(DESTDIR)$(DATADIR)/icons/hicolor/$${s}x$${s}/apps/$(APP_ID).png || exit 1; \
	done
	@$(MAKE) --no-print-directory desktop-caches

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	@$(MAKE) --no-print-directory desktop-caches

# desktop-caches tells the desktop about the MIME type, the desktop entry and
# the icons, with whichever of the tools are there; nothing when staging.
.PHONY: desktop-caches
desktop-caches:
ifeq ($(DESTDIR),)
	-@command -v update-mime-database >/dev/null && update-mime-database $(DATADIR)/mime
	-@command -v update-desktop-database >/dev/null && update-desktop-database -q $(DATADIR)/applications
	-@command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t -f $(DATADIR)/icons/hicolor
endif

clean:
	rm -f touchmove $(WINDOWS_SYSO)
	rm -rf build dist
