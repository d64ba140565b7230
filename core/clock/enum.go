package clock

import "fmt"

// enumName returns names[v], the name of an enumerated value, or "typ(v)"
// for a value without one, as the stringer tool writes it.
func enumName[T ~uint8](names []string, v T, typ string) string {
	if int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, uint8(v))
}
