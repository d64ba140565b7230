// Command winres writes what the Windows build of Touchmove embeds and
// packs, from FyneApp.toml and the committed icons, into a folder:
//
//   - touchmove.ico: the icon, in the sizes Windows shows (16 to 256
//     pixels, from packaging/icons/hicolor);
//   - touchmove.manifest: the application manifest (Windows 10 and later,
//     per-monitor DPI, the common controls of version 6, no elevation);
//   - touchmove.rc: the resource script that names both and carries the
//     version information (name, description, version) that Explorer shows;
//   - version.nsh: the same data as defines for the NSIS installer script
//     (packaging/windows/touchmove.nsi).
//
// `make windows` runs it, then MinGW's windres turns touchmove.rc into the
// .syso that go build links into touchmove.exe:
//
//	go run ./tools/winres -o build/windows
//
// It does what `fyne package -os windows` does for the icon and version,
// without recompiling the app and without rewriting FyneApp.toml.
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"image/png"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
)

// fyneApp is the part of FyneApp.toml the Windows build uses.
type fyneApp struct {
	Website     string
	Description string
	Details     struct {
		Name    string
		ID      string
		Version string
		Build   int
	}
}

// icoSizes are the icon's sizes in touchmove.ico.
var icoSizes = []int{16, 24, 32, 48, 64, 128, 256}

func main() {
	log.SetFlags(0)
	log.SetPrefix("winres: ")
	out := flag.String("o", "build/windows", "the folder to write into")
	meta := flag.String("toml", "FyneApp.toml", "the app's metadata")
	icons := flag.String("icons", "packaging/icons/hicolor", "the PNG icons, in NxN/apps/")
	flag.Parse()
	var a fyneApp
	if _, err := toml.DecodeFile(*meta, &a); err != nil {
		log.Fatalf("%s: %v", *meta, err)
	}
	if a.Details.Name == "" || a.Details.ID == "" || a.Details.Version == "" {
		log.Fatalf("%s: [Details] needs Name, ID and Version", *meta)
	}
	v, err := version4(a.Details.Version, a.Details.Build)
	if err != nil {
		log.Fatalf("%s: %v", *meta, err)
	}
	ico, err := icon(*icons, a.Details.ID)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	files := map[string][]byte{
		"touchmove.ico":      ico,
		"touchmove.manifest": []byte(manifest(a, v)),
		"touchmove.rc":       []byte(resources(a, v)),
		"version.nsh":        []byte(nsisDefines(a, v)),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(*out, name), data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// version4 returns the four numbers of a Windows version: the app's
// major.minor.patch and its build.
func version4(version string, build int) ([4]int, error) {
	var v [4]int
	if _, err := fmt.Sscanf(version, "%d.%d.%d", &v[0], &v[1], &v[2]); err != nil {
		return v, fmt.Errorf("version %q is not major.minor.patch: %w", version, err)
	}
	v[3] = build
	for _, n := range v {
		if n < 0 || n > 65535 {
			return v, fmt.Errorf("version %q build %d: Windows takes numbers of 0 to 65535", version, build)
		}
	}
	return v, nil
}

// icon returns an .ico file of the PNG icons in dir, one per icoSize: PNG
// images in an icon, as Windows Vista and later read them.
func icon(dir, id string) ([]byte, error) {
	var images [][]byte
	for _, s := range icoSizes {
		path := filepath.Join(dir, fmt.Sprintf("%dx%d", s, s), "apps", id+".png")
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if cfg.Width != s || cfg.Height != s {
			return nil, fmt.Errorf("%s is %dx%d, want %dx%d", path, cfg.Width, cfg.Height, s, s)
		}
		images = append(images, data)
	}
	var b bytes.Buffer
	le := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	le([3]uint16{0, 1, uint16(len(images))}) // reserved, type 1 (icon), count
	offset := 6 + 16*len(images)
	for i, data := range images {
		side := uint8(icoSizes[i] % 256) // 0 is 256
		le([4]uint8{side, side, 0, 0})   // width, height, no palette, reserved
		le([2]uint16{1, 32})             // planes, bits per pixel
		le([2]uint32{uint32(len(data)), uint32(offset)})
		offset += len(data)
	}
	for _, data := range images {
		b.Write(data)
	}
	return b.Bytes(), nil
}

// rcString quotes s for a resource script.
func rcString(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// resources returns the resource script: the icon (the first, which
// Explorer shows for the .exe and for the files it opens), the manifest
// and the version information.
func resources(a fyneApp, v [4]int) string {
	nums := fmt.Sprintf("%d,%d,%d,%d", v[0], v[1], v[2], v[3])
	dotted := fmt.Sprintf("%d.%d.%d.%d", v[0], v[1], v[2], v[3])
	var b strings.Builder
	fmt.Fprintf(&b, "// Written by tools/winres from FyneApp.toml; do not edit.\n")
	fmt.Fprintf(&b, "1 ICON \"touchmove.ico\"\n")
	fmt.Fprintf(&b, "1 24 \"touchmove.manifest\"\n") // RT_MANIFEST, for the process
	fmt.Fprintf(&b, "1 VERSIONINFO\nFILEVERSION %s\nPRODUCTVERSION %s\n", nums, nums)
	fmt.Fprintf(&b, "FILEFLAGSMASK 0x3f\nFILEFLAGS 0x0\nFILEOS 0x40004\nFILETYPE 0x1\nFILESUBTYPE 0x0\n") // NT Win32, an application
	fmt.Fprintf(&b, "BEGIN\n  BLOCK \"StringFileInfo\"\n  BEGIN\n    BLOCK \"040904B0\"\n    BEGIN\n")
	for _, kv := range [][2]string{
		{"CompanyName", a.Details.Name},
		{"FileDescription", a.Details.Name}, // the name Task Manager shows
		{"FileVersion", dotted},
		{"InternalName", "touchmove"},
		{"OriginalFilename", "touchmove.exe"},
		{"ProductName", a.Details.Name},
		{"ProductVersion", a.Details.Version},
		{"Comments", a.Description + ". " + a.Website},
	} {
		fmt.Fprintf(&b, "      VALUE %s, %s\n", rcString(kv[0]), rcString(kv[1]))
	}
	fmt.Fprintf(&b, "    END\n  END\n  BLOCK \"VarFileInfo\"\n  BEGIN\n    VALUE \"Translation\", 0x409, 1200\n  END\nEND\n")
	return b.String()
}

// manifest returns the application manifest.
func manifest(a fyneApp, v [4]int) string {
	return fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <assemblyIdentity type="win32" name="%s" version="%d.%d.%d.%d" processorArchitecture="amd64"/>
  <description>%s</description>
  <dependency>
    <dependentAssembly>
      <assemblyIdentity type="win32" name="Microsoft.Windows.Common-Controls" version="6.0.0.0" processorArchitecture="*" publicKeyToken="6595b64144ccf1df" language="*"/>
    </dependentAssembly>
  </dependency>
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application>
      <supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"/>
    </application>
  </compatibility>
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <dpiAware xmlns="http://schemas.microsoft.com/SMI/2005/WindowsSettings">true/pm</dpiAware>
      <dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">permonitorv2,permonitor</dpiAwareness>
    </windowsSettings>
  </application>
  <trustInfo xmlns="urn:schemas-microsoft-com:asm.v3">
    <security>
      <requestedPrivileges>
        <requestedExecutionLevel level="asInvoker" uiAccess="false"/>
      </requestedPrivileges>
    </security>
  </trustInfo>
</assembly>
`, a.Details.ID, v[0], v[1], v[2], v[3], xmlText(a.Description))
}

// xmlText escapes s for XML text.
func xmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// nsisDefines returns the installer's defines.
func nsisDefines(a fyneApp, v [4]int) string {
	q := func(s string) string { return strings.NewReplacer(`"`, `$\"`, "$", "$$").Replace(s) }
	return fmt.Sprintf("; Written by tools/winres from FyneApp.toml; do not edit.\n"+
		"!define APP_NAME \"%s\"\n!define APP_ID \"%s\"\n!define APP_VERSION \"%s\"\n"+
		"!define APP_VERSION4 \"%d.%d.%d.%d\"\n!define APP_DESCRIPTION \"%s\"\n!define APP_WEBSITE \"%s\"\n",
		q(a.Details.Name), q(a.Details.ID), q(a.Details.Version), v[0], v[1], v[2], v[3], q(a.Description), q(a.Website))
}
