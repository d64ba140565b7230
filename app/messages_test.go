package app_test

import (
	"testing"

	"touchmove/app"
	"touchmove/internal/msgcheck"
)

// The catalogue lists every message constant of messages.go once, and
// each key is an English template of plain placeholders.
func TestMessagesCatalogue(t *testing.T) { msgcheck.Catalogue(t, app.Messages()) }

// No message is written as a literal outside the catalogue.
func TestMessagesAreKeyed(t *testing.T) { msgcheck.Keyed(t, "text") }
