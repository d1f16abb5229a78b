package cards

import (
	_ "embed"
	"strings"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// The Chinese edition's card fonts: Noto Sans CJK SC, Regular and Bold,
// cut to the characters its cards can need (fonts/README.md says how they
// are made, fonts/LICENSE their licence, the SIL Open Font License).
var (
	//go:embed fonts/NotoSansCJKsc-Regular-cards.otf
	notoRegular []byte
	//go:embed fonts/NotoSansCJKsc-Bold-cards.otf
	notoBold []byte
)

// FontsFor are the fonts of an edition's cards: the Go fonts, shipped with
// golang.org/x/image, for English; the subset of Noto Sans CJK SC for
// Chinese. A Chinese name in English text (a provider's) is drawn with
// the latter.
func FontsFor(lang string) (*Fonts, error) {
	if strings.HasPrefix(lang, "zh") {
		return NewFonts([][]byte{notoRegular}, [][]byte{notoBold})
	}
	return NewFonts([][]byte{goregular.TTF, notoRegular}, [][]byte{gobold.TTF, notoBold})
}
