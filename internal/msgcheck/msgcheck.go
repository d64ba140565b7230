// Package msgcheck gives tests the checks of a package's message
// catalogue (design.md §7): the constants of its messages.go and the list
// its Messages function returns agree, every key is an English template of
// plain placeholders, and no Text is built from a literal key.
package msgcheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"touchmove/core/msg"
)

// Catalogue checks the package in the current directory: the string
// constants of messages.go are exactly the keys (and one-forms) of list,
// and each renders in English with every placeholder filled.
func Catalogue(t *testing.T, list []msg.Text) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "messages.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var consts []string
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			for _, v := range vs.Values {
				if b, ok := v.(*ast.BasicLit); ok && b.Kind == token.STRING {
					s, _ := strconv.Unquote(b.Value)
					consts = append(consts, s)
				}
			}
		}
		return true
	})
	var listed []string
	for _, m := range list {
		listed = append(listed, m.Key)
		if m.One != "" {
			listed = append(listed, m.One)
		}
	}
	slices.Sort(consts)
	slices.Sort(listed)
	if !slices.Equal(consts, listed) {
		t.Errorf("messages.go declares %d messages, Messages lists %d", len(consts), len(listed))
		for _, c := range consts {
			if !slices.Contains(listed, c) {
				t.Errorf("not in Messages: %q", c)
			}
		}
	}
	for _, m := range list {
		for _, tmpl := range []string{m.Key, m.One} {
			if tmpl == "" {
				continue
			}
			var args []msg.Arg
			for _, name := range msg.Placeholders(tmpl) {
				if name == "" || strings.ContainsAny(name, " {}.|") {
					t.Errorf("%q: placeholder %q is not a plain name", tmpl, name)
				}
				args = append(args, msg.String(name, "x"))
			}
			if s := msg.New(tmpl, args...).String(); s == "" || strings.Contains(s, "{{") || strings.Contains(s, "}}") {
				t.Errorf("%q renders in English as %q", tmpl, s)
			}
		}
	}
}

// Files returns the non-test Go files of the package in the current
// directory, parsed into fset.
func Files(t *testing.T, fset *token.FileSet) []*ast.File {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// TreeFiles returns the non-test Go files of the package in the current
// directory and of every package in the folders below it (testdata and
// folders whose names begin with "." or "_" aside), parsed into fset: the
// code of a package that has split into packages of its own, whose strings
// one catalogue translates.
func TreeFiles(t *testing.T, fset *token.FileSet) []*ast.File {
	t.Helper()
	var files []*ast.File
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// Keyed checks that the non-test files of the package in the current
// directory build no Text from a literal key: the calls of builders (the
// package's own helpers, such as "text") and of msg.New and msg.Plural.
func Keyed(t *testing.T, builders ...string) {
	t.Helper()
	builders = append(builders, "msg.New", "msg.Plural")
	fset := token.NewFileSet()
	for _, f := range Files(t, fset) {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			fn := ""
			switch f := call.Fun.(type) {
			case *ast.Ident:
				fn = f.Name
			case *ast.SelectorExpr:
				if x, ok := f.X.(*ast.Ident); ok {
					fn = x.Name + "." + f.Sel.Name
				}
			}
			if slices.Contains(builders, fn) {
				if _, lit := call.Args[0].(*ast.BasicLit); lit {
					t.Errorf("%v: %s with a literal key: declare it in messages.go", fset.Position(call.Pos()), fn)
				}
			}
			return true
		})
	}
}
