//go:build nodialog

package ui

// With the nodialog tag there is no native chooser: Fyne's dialogs serve.
func defaultPicker() FilePicker { return fynePicker{} }
