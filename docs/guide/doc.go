// Package guide is Touchmove's user's guide in English, Russian and Slovak,
// one Markdown file each named by the language's code, with the
// screenshots of the window it shows (shots/, taken by the guideshots test
// of package ui: make guide-shots). It is built into the app, whose Help ›
// User's guide shows the guide in the window's language.
package guide
