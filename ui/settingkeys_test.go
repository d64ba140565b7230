package ui

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// The settings keep the keys earlier versions wrote (testdata/prefkeys-2026-12.txt,
// the keys of December 2026), and each reads what a preferences file of that
// format holds under its key, not its default (issue 46, point 5).
func TestSettingKeysReadTodaysPreferences(t *testing.T) {
	data, err := os.ReadFile("testdata/prefkeys-2026-12.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Fields(string(data))
	a := test.NewTempApp(t)
	prefs := a.Preferences()
	keys := reflect.ValueOf(settingKeys())
	var got []string
	for i := range keys.NumField() {
		f := keys.Field(i)
		key, def := f.Field(0).String(), f.Field(1)
		got = append(got, key)
		if name := keys.Type().Field(i).Name; key != name {
			t.Errorf("setting %s has the key %q", name, key)
		}
		// A value other than the default, as a user's file holds it.
		switch def.Kind() {
		case reflect.Bool:
			prefs.SetBool(key, !def.Bool())
			if v := (pref[bool]{key, def.Bool()}).get(prefs); v == def.Bool() {
				t.Errorf("%s: read the default, not the file's value", key)
			}
		case reflect.Int:
			prefs.SetInt(key, int(def.Int())+3)
			if v := (pref[int]{key, int(def.Int())}).get(prefs); v != int(def.Int())+3 {
				t.Errorf("%s: read %d", key, v)
			}
		case reflect.Float64:
			prefs.SetFloat(key, def.Float()+0.5)
			if v := (pref[float64]{key, def.Float()}).get(prefs); v != def.Float()+0.5 {
				t.Errorf("%s: read %v", key, v)
			}
		case reflect.String:
			prefs.SetString(key, def.String()+"x")
			if v := (pref[string]{key, def.String()}).get(prefs); v != def.String()+"x" {
				t.Errorf("%s: read %q", key, v)
			}
		default:
			t.Errorf("%s: a setting of kind %s", key, def.Kind())
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("setting keys\n%v\nwant the keys of today's preferences files\n%v", got, want)
	}
	// What the window reads goes through the same table.
	if v := settingKeys().soundVolume.get(prefs); v != 1.25 {
		t.Errorf("soundVolume %v, want 1.25 as kept", v)
	}
	settingKeys().soundVolume.set(prefs, 0.5)
	if v := prefs.Float("soundVolume"); v != 0.5 {
		t.Errorf("soundVolume kept as %v, want 0.5", v)
	}
}
