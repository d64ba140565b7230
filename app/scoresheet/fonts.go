package scoresheet

import _ "embed"

// Noto Sans, as Fyne ships it (SIL Open Font License, fonts/LICENSE.txt):
// Latin with all Slovak letters, Cyrillic and Greek.
var (
	//go:embed fonts/NotoSans-Regular.ttf
	notoRegular []byte
	//go:embed fonts/NotoSans-Bold.ttf
	notoBold []byte
)
