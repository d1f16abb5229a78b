package cards

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/fingerprint"
	"gpucompare/generator/site/reuse"
	"gpucompare/generator/site/write"
)

// card is a card of the English edition with a Chinese name in it, which
// the second font draws.
var card = Card{
	Path: "providers/baidu/card.png", Site: "gpucompare", Kind: "Provider",
	Title: "Baidu AI Cloud (百度智能云)", Price: "From 1.29 USD per GPU-hour",
	Note: "H100 SXM5 80GB on-demand: Lambda gpu_1x_h100, all regions. Price age: 17 days.",
}

// TestDrawnCardIsItsLayout draws a card and, alone, each line of its
// layout: every line holds its field's text, has ink, and the card's
// pixels in the line's band are those of the line drawn alone (with
// the line beside it on its baseline); outside
// every line's band (and the top band) the card is bare ground.
func TestDrawnCardIsItsLayout(t *testing.T) {
	f, err := FontsFor("en")
	if err != nil {
		t.Fatal(err)
	}
	lines, err := f.Layout(card)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"site": card.Site, "kind": card.Kind, "title": card.Title, "price": card.Price, "note": card.Note}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d: %+v", len(lines), len(want), lines)
	}
	whole, err := f.Draw(lines)
	if err != nil {
		t.Fatal(err)
	}
	covered := make([]bool, Height)
	for y := range bandHeight {
		covered[y] = true
	}
	for _, l := range lines {
		if l.Text != want[l.Field] {
			t.Errorf("line %s: %q, want %q", l.Field, l.Text, want[l.Field])
		}
		var same []Line // the lines on its baseline (the site's and the kind's)
		for _, o := range lines {
			if o.Y == l.Y {
				same = append(same, o)
			}
		}
		alone, err := f.Draw(same)
		if err != nil {
			t.Fatal(err)
		}
		top, bottom := l.Y-int(l.Size), l.Y+int(l.Size/3)
		ink := 0
		for y := top; y < bottom; y++ {
			covered[y] = true
			for x := range Width {
				a, b := whole.ColorIndexAt(x, y), alone.ColorIndexAt(x, y)
				if a != b {
					t.Fatalf("line %s: pixel (%d,%d) is %d on the card, %d drawn alone", l.Field, x, y, a, b)
				}
				if b != 0 {
					ink++
				}
			}
		}
		if ink < 12*len([]rune(l.Text)) {
			t.Errorf("line %s %q: %d pixels of ink, too few for its text", l.Field, l.Text, ink)
		}
	}
	for y, c := range covered {
		for x := 0; !c && x < Width; x++ {
			if whole.ColorIndexAt(x, y) != 0 {
				t.Fatalf("pixel (%d,%d) is inked outside every line", x, y)
			}
		}
	}
}

// TestCJKIsDrawnWithTheCJKFont: the Chinese name of an English card is
// drawn by the second font, and a line of glyphs the first font lacks
// draws the same ink as the Chinese edition's font does.
func TestCJKIsDrawnWithTheCJKFont(t *testing.T) {
	en, _ := FontsFor("en")
	zh, _ := FontsFor("zh-CN")
	runs := en.runs(card.Title, true)
	if len(runs) != 3 || runs[0].font != 0 || runs[1].font != 1 || runs[1].text != "百度智能云" || runs[2].text != ")" {
		t.Errorf("runs of %q: %+v, want the Chinese name alone in font 1", card.Title, runs)
	}
	l := Line{Field: "title", Text: "百度智能云", Bold: true, Size: 30, Color: ink, X: margin, Y: 100}
	a, _ := en.Draw([]Line{l})
	b, _ := zh.Draw([]Line{l})
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Error("the Chinese text of an English card differs from the Chinese edition's")
	}
}

// TestMissingGlyphFailsTheCard: a character no font has fails the card
// with its name and code point, rather than drawing a box.
func TestMissingGlyphFailsTheCard(t *testing.T) {
	for _, lang := range []string{"en", "zh-CN"} {
		f, _ := FontsFor(lang)
		c := card
		c.Title = "H100 𪚥 鬱"
		_, err := f.PNG(c)
		if err == nil || !strings.Contains(err.Error(), "U+2A6A5") || !strings.Contains(err.Error(), "U+9B31") || !strings.Contains(err.Error(), c.Path) {
			t.Errorf("%s: err %v, want the card's path and both characters named", lang, err)
		}
	}
}

// TestCardBytesAreStable: the same card gives the same PNG, by other
// fonts and after another card, which holds no time (no tIME chunk) and
// is the card's size.
func TestCardBytesAreStable(t *testing.T) {
	a, _ := FontsFor("en")
	b, _ := FontsFor("en")
	one, err := a.PNG(card)
	if err != nil {
		t.Fatal(err)
	}
	two, _ := b.PNG(card)
	if !bytes.Equal(one, two) {
		t.Error("the same card gave other bytes")
	}
	// The fonts draw each card into the last one's image: nothing of a
	// card with more lines stays on the next.
	long := card
	long.Sub, long.Title = "A second line", strings.Repeat("W", 30)
	if _, err := a.PNG(long); err != nil {
		t.Fatal(err)
	}
	if again, _ := a.PNG(card); !bytes.Equal(one, again) {
		t.Error("a card drawn after another gave other bytes")
	}
	if bytes.Contains(one, []byte("tIME")) {
		t.Error("the PNG holds a time")
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(one))
	if err != nil || cfg.Width != Width || cfg.Height != Height {
		t.Errorf("decoded %v %+v, want a %d×%d image", err, cfg, Width, Height)
	}
}

// TestLongTextShrinksThenCuts: a title too wide at its size is drawn
// smaller; one too wide at the smallest size is cut with an ellipsis.
func TestLongTextShrinksThenCuts(t *testing.T) {
	f, _ := FontsFor("en")
	c := card
	c.Title = strings.Repeat("H100 ", 10)
	lines, _ := f.Layout(c)
	if l := lines[2]; l.Text != c.Title || l.Size >= 38 {
		t.Errorf("title %q at %v px, want it whole and smaller than 38", l.Text, l.Size)
	}
	c.Title = strings.Repeat("H100 ", 100)
	lines, _ = f.Layout(c)
	if l := lines[2]; !strings.HasSuffix(l.Text, "…") || l.Size != minSize {
		t.Errorf("title %q at %v px, want it cut at %v px", l.Text, l.Size, minSize)
	}
	for _, l := range lines {
		if w, _ := f.width(l.Text, l.Bold, l.Size); l.X+w > Width-margin {
			t.Errorf("line %s ends at %d, past the margin", l.Field, l.X+w)
		}
	}
}

// TestWriteKeepsCardsBetweenBuilds: with the sets of a Rebuilder, a card
// whose text is the last build's is its bytes of then, not drawn again;
// one whose text changed is drawn again.
func TestWriteKeepsCardsBetweenBuilds(t *testing.T) {
	var st reuse.Store
	units := fingerprint.UnitsOf(&catalog.Catalog{})
	other := card
	other.Path, other.Price = "gpus/h100/card.png", "From 2.00 USD per GPU-hour"
	build := func(cs ...Card) write.Files {
		out := write.NewMemory()
		if err := Write(out, inputsOf(cs), st.Begin(units)); err != nil {
			t.Fatal(err)
		}
		return out.Files()
	}
	first := build(card, other)
	changed := other
	changed.Price = "From 2.50 USD per GPU-hour"
	second := build(card, changed)
	if a, b := first[card.Path], second[card.Path]; len(a) == 0 || &a[0] != &b[0] {
		t.Error("an unchanged card was drawn again")
	}
	if a, b := first[other.Path], second[other.Path]; bytes.Equal(a, b) {
		t.Error("a changed card kept its old bytes")
	}
}

// BenchmarkCardPNG is the cost of a card, as the cards of an edition
// come: layout, drawing and encoding, of cards that share their site's
// name, a kind and some prices, each title its own.
func BenchmarkCardPNG(b *testing.B) {
	f, err := FontsFor("en")
	if err != nil {
		b.Fatal(err)
	}
	kinds := []string{"GPU model", "Instance type", "Provider"}
	i := 0
	for b.Loop() {
		c := card
		c.Kind = kinds[i%3]
		c.Title = fmt.Sprintf("Instance type gpu_%dx_h100_sxm5 (%d)", i%8+1, i)
		c.Price = fmt.Sprintf("From %d.%02d USD per GPU-hour", 1+i%5, i%7*11)
		c.Note = fmt.Sprintf("H100 SXM5 80GB on-demand: Lambda gpu_%dx_h100, all regions. Price age: %d days.", i, i%40)
		if _, err := f.PNG(c); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// TestWriteNamesTheFirstCardThatFails: of several cards that fail, drawn
// at once, the error is the first's in order, every time.
func TestWriteNamesTheFirstCardThatFails(t *testing.T) {
	var cs []Card
	for i := range 9 {
		c := card
		c.Path = fmt.Sprintf("gpus/g%d/card.png", i)
		if i >= 3 {
			c.Title = "𪚥"
		}
		cs = append(cs, c)
	}
	for range 5 {
		err := Write(write.NewMemory(), inputsOf(cs), nil)
		if err == nil || !strings.Contains(err.Error(), "gpus/g3/card.png") {
			t.Fatalf("err %v, want the card gpus/g3 named", err)
		}
	}
}

// TestPNGIsTheDrawnCard: the card's PNG, decoded, is the image drawn,
// pixel for pixel, and its zlib stream ends with the right checksum
// (the ground's rows are deflated once for all cards and not read).
func TestPNGIsTheDrawnCard(t *testing.T) {
	f, _ := FontsFor("en")
	for _, c := range []Card{card, {Path: "x/card.png", Site: "gpucompare", Title: strings.Repeat("W", 40), Sub: "second", Price: "—"}} {
		data, err := f.PNG(c)
		if err != nil {
			t.Fatal(err)
		}
		lines, _ := f.Layout(c)
		want, _ := f.Draw(lines)
		got, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", c.Title, err)
		}
		p, ok := got.(*image.Paletted)
		if !ok || !p.Rect.Eq(want.Rect) {
			t.Fatalf("%s: decoded %T %v", c.Title, got, got.Bounds())
		}
		for i := range want.Pix {
			if p.Pix[i] != want.Pix[i] || p.Palette[p.Pix[i]] != want.Palette[want.Pix[i]] {
				t.Fatalf("%s: pixel %d is %d, drawn %d", c.Title, i, p.Pix[i], want.Pix[i])
			}
		}
		// The IDAT's zlib stream read to its end: the Adler-32 is checked.
		at := bytes.Index(data, []byte("IDAT"))
		n := binary.BigEndian.Uint32(data[at-4:])
		zr, err := zlib.NewReader(bytes.NewReader(data[at+4 : at+4+int(n)]))
		if err != nil {
			t.Fatal(err)
		}
		raw, err := io.ReadAll(zr)
		if err != nil || len(raw) != Height*(Width+1) {
			t.Fatalf("%s: zlib: %v, %d bytes, want %d", c.Title, err, len(raw), Height*(Width+1))
		}
	}
}

// TestCopyMaskIsDrawSrc: copyMask copies a mask as draw.Draw's Src does,
// from a mask at an offset and from one that does not hold all of it.
func TestCopyMaskIsDrawSrc(t *testing.T) {
	m := image.NewAlpha(image.Rect(-3, 5, 9, 14))
	for i := range m.Pix {
		m.Pix[i] = uint8(i * 7)
	}
	for _, c := range []struct {
		r  image.Rectangle
		mp image.Point
	}{
		{image.Rect(10, 20, 16, 27), image.Pt(-2, 6)},
		{image.Rect(-4, -4, 8, 5), image.Pt(-3, 5)},
		{image.Rect(0, 0, 6, 6), image.Pt(5, 10)}, // runs past the mask
	} {
		want := image.NewAlpha(c.r)
		draw.Draw(want, c.r, m, c.mp, draw.Src)
		if got := copyMask(c.r, m, c.mp); !bytes.Equal(got.Pix, want.Pix) || got.Rect != want.Rect {
			t.Errorf("%v from %v: copied %v, draw.Draw %v", c.r, c.mp, got.Pix, want.Pix)
		}
	}
}

// inputsOf are the inputs of Write that draw the cards cs.
func inputsOf(cs []Card) Inputs {
	return Inputs{Lang: "en", Count: len(cs), Card: func(i int) (Card, error) { return cs[i], nil }}
}
