package uci

import (
	"fmt"
	"strconv"
	"strings"
)

// OptionType is the type of an engine option, as the engine declares it.
type OptionType uint8

// The option types of the UCI protocol.
const (
	Check  OptionType = iota + 1 // a boolean, "true" or "false"
	Spin                         // an integer between Min and Max
	Combo                        // one of Vars
	Button                       // an action without a value
	String                       // free text; "<empty>" stands for ""
)

var optionTypeNames = [...]string{Check: "check", Spin: "spin", Combo: "combo", Button: "button", String: "string"}

// String returns the type's name in the protocol, "spin" for instance.
func (t OptionType) String() string {
	if int(t) < len(optionTypeNames) && optionTypeNames[t] != "" {
		return optionTypeNames[t]
	}
	return "unknown"
}

// parseOptionType returns the type whose name in the protocol is s, or 0.
func parseOptionType(s string) OptionType {
	for t, name := range optionTypeNames {
		if name != "" && name == s {
			return OptionType(t)
		}
	}
	return 0
}

// Option is an option an engine declares, as in
// "option name Hash type spin default 16 min 1 max 33554432".
type Option struct {
	Name    string
	Type    OptionType
	Default string   // "" for a button or when the engine gives none
	Min     int64    // for Spin
	Max     int64    // for Spin
	Vars    []string // for Combo, the allowed values
}

// optionKeywords are the words that open a field of an option line.
var optionKeywords = map[string]bool{"name": true, "type": true, "default": true, "min": true, "max": true, "var": true}

// ParseOption reads an "option …" line.
func ParseOption(line string) (Option, error) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "option" {
		return Option{}, fmt.Errorf("uci: not an option line: %q", line)
	}
	var o Option
	seen := map[string]bool{}
	for i := 1; i < len(f); {
		key := f[i]
		if !optionKeywords[key] {
			return Option{}, fmt.Errorf("uci: option line %q: unexpected %q", line, key)
		}
		j := i + 1
		for j < len(f) && !optionKeywords[f[j]] {
			j++
		}
		// An option's name or value may itself contain keywords only if
		// they cannot be read as such; the name ends at " type ".
		val := strings.Join(f[i+1:j], " ")
		i = j
		switch key {
		case "name":
			o.Name = val
		case "type":
			if o.Type = parseOptionType(val); o.Type == 0 {
				return Option{}, fmt.Errorf("uci: option %q: unknown type %q", o.Name, val)
			}
		case "default":
			o.Default = val
		case "min", "max":
			n, err := strconv.ParseInt(val, 10, 64)
			if err != nil {
				return Option{}, fmt.Errorf("uci: option %q: %s %q is not an integer", o.Name, key, val)
			}
			if key == "min" {
				o.Min = n
			} else {
				o.Max = n
			}
		case "var":
			o.Vars = append(o.Vars, val)
		}
		seen[key] = true
	}
	if o.Name == "" {
		return Option{}, fmt.Errorf("uci: option line %q has no name", line)
	}
	if o.Type == 0 {
		return Option{}, fmt.Errorf("uci: option %q has no type", o.Name)
	}
	if o.Type == String && o.Default == "<empty>" {
		o.Default = ""
	}
	if o.Type == Spin && (!seen["min"] || !seen["max"] || o.Min > o.Max) {
		return Option{}, fmt.Errorf("uci: spin option %q has no valid min and max", o.Name)
	}
	return o, nil
}

// Check returns an error when value is not valid for o.
func (o Option) Check(value string) error {
	switch o.Type {
	case Check:
		if value != "true" && value != "false" {
			return fmt.Errorf("uci: option %q takes true or false, not %q", o.Name, value)
		}
	case Spin:
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil || n < o.Min || n > o.Max {
			return fmt.Errorf("uci: option %q takes an integer from %d to %d, not %q", o.Name, o.Min, o.Max, value)
		}
	case Combo:
		for _, v := range o.Vars {
			if strings.EqualFold(v, value) {
				return nil
			}
		}
		return fmt.Errorf("uci: option %q takes one of %s, not %q", o.Name, strings.Join(o.Vars, ", "), value)
	case Button:
		if value != "" {
			return fmt.Errorf("uci: option %q is a button and takes no value", o.Name)
		}
	case String:
		if strings.ContainsAny(value, "\r\n") {
			return fmt.Errorf("uci: option %q: a value cannot hold a line break", o.Name)
		}
	}
	return nil
}
