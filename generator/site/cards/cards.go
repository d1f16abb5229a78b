// Package cards is a writer of its own: the social cards of an edition,
// one PNG a GPU model, instance type and provider and one for the home
// page, which a shared link shows as its preview (og:image). A card holds
// the page's title and the figure it answers with: the cheapest current
// price per GPU-hour and its age. Package site gives the text of each
// card (Card), made from the same figures as its page; this package lays
// it out (Layout), draws it with a font shipped with the generator (the Go
// fonts for Latin text, a subset of Noto Sans CJK SC for the Chinese
// edition) and writes the PNG. The same card gives the same bytes: the
// PNG holds no time. A glyph the font lacks is an error, never a box.
package cards

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"gpucompare/generator/site/reuse"
	"gpucompare/generator/site/write"
)

// Width and Height are a card's size in pixels: the 1.91:1 of Open Graph
// and Twitter's large summary card, at the size a feed or chat shows it
// (about 500 to 600 pixels wide) and Open Graph's least for a large
// preview. Drawn at twice that (1200 × 630), a card cost four times the
// pixels to draw and deflate for a preview shown at half its size
// (README, "What the twins, the API and the cards cost").
const (
	Width  = 600
	Height = 315
)

// Name is the file name of a page's card, beside its index.html.
const Name = "card.png"

// Card is the text of one card, each field one line of it.
type Card struct {
	// Path is the card's output path in the edition:
	// "gpus/h100-sxm5-80gb/card.png".
	Path string
	Site string // the site's name, top left
	Kind string // what the page is: "GPU model", "Provider"; "" on the home card
	// Title is the page's subject: the GPU model's, the instance type's or
	// the provider's name, the site's tagline on the home card.
	Title string
	Sub   string // a second line under the title (an instance type's provider); "" for none
	Price string // the cheapest current price per GPU-hour, or that there is none
	Note  string // where the price is from, and its age
}

// Line is one line of a card as drawn: its text, face, size, colour and
// the point its baseline starts at. Layout gives them, Draw draws them.
type Line struct {
	Field string // the Card field it shows: "site", "kind", "title", "sub", "price", "note"
	Text  string
	Bold  bool
	Size  float64 // in pixels
	Color int     // an index into colors
	X, Y  int     // the start of its baseline
}

// colors are the colours of a card: its ground, then ink, muted ink,
// the price's accent and the band's.
var colors = []color.RGBA{
	{0xff, 0xff, 0xff, 0xff},
	{0x1a, 0x1f, 0x2b, 0xff},
	{0x5a, 0x63, 0x70, 0xff},
	{0x0b, 0x6b, 0x3a, 0xff},
	{0x1d, 0x4e, 0x89, 0xff},
}

const (
	ink = 1 + iota
	muted
	accent
	band
)

// margin is the space left of and right of the text; bandHeight the
// coloured band along the top.
const (
	margin     = 36
	bandHeight = 9
	minSize    = 10.0
)

// Fonts are the faces a card is drawn with: for each rune the first of
// its fonts that has a glyph for it.
type Fonts struct {
	regular, bold []*sfnt.Font
	runBuf        []run       // what runs returns
	sfntBuf       sfnt.Buffer // what runs looks glyphs up with
	faces         map[faceKey]font.Face
	glyphs        map[glyphKey]glyph
	lines         map[Line]*image.Alpha // the coverage of recurring lines (keepLine)
	// What PNG draws and encodes each card with, again and again: a
	// Fonts draws one card at a time.
	img   *image.Paletted
	mask  *image.Alpha
	inked []bool // the rows of img below the band its lines inked
	enc   encoder
}

type faceKey struct {
	bold bool
	size float64
	font int
}

// NewFonts parses the regular and bold fonts (OpenType or TrueType), each
// a list in the order a rune looks for its glyph: Latin first, then CJK.
func NewFonts(regular, bold [][]byte) (*Fonts, error) {
	f := &Fonts{faces: map[faceKey]font.Face{}}
	for i, data := range regular {
		r, err := sfnt.Parse(data)
		if err != nil {
			return nil, fmt.Errorf("card font: %w", err)
		}
		b, err := sfnt.Parse(bold[i])
		if err != nil {
			return nil, fmt.Errorf("card font (bold): %w", err)
		}
		f.regular, f.bold = append(f.regular, r), append(f.bold, b)
	}
	return f, nil
}

// face is the face of the i-th font at size px, bold or not, made once.
func (f *Fonts) face(bold bool, size float64, i int) (font.Face, error) {
	k := faceKey{bold, size, i}
	if fc, ok := f.faces[k]; ok {
		return fc, nil
	}
	src := f.regular[i]
	if bold {
		src = f.bold[i]
	}
	fc, err := opentype.NewFace(src, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, err
	}
	f.faces[k] = fc
	return fc, nil
}

// run is a stretch of a line's text drawn with one font.
type run struct {
	text string
	font int
}

// runs cuts s into runs of the font each rune is drawn with: the first
// that has a glyph for it (white space stays in the run it is in); -1
// for a rune none has. The runs are the fonts' until the next call: each
// caller is done with them before it calls runs again.
func (f *Fonts) runs(s string, bold bool) []run {
	srcs := f.regular
	if bold {
		srcs = f.bold
	}
	if !utf8.ValidString(s) {
		s = string([]rune(s)) // each byte that is not UTF-8 a U+FFFD, as range reads it
	}
	out := f.runBuf[:0]
	defer func() { f.runBuf = out[:0] }()
	start := 0 // where the last run starts in s
	for i, r := range s {
		at := -1
		if unicode.IsSpace(r) && len(out) > 0 {
			at = out[len(out)-1].font
		} else {
			for k, src := range srcs {
				if g, err := src.GlyphIndex(&f.sfntBuf, r); err == nil && g != 0 {
					at = k
					break
				}
			}
		}
		if n := len(out); n > 0 && out[n-1].font == at {
			continue // the run goes on
		}
		if n := len(out); n > 0 {
			out[n-1].text = s[start:i]
		}
		out = append(out, run{font: at})
		start = i
	}
	if n := len(out); n > 0 {
		out[n-1].text = s[start:] // each run a slice of s: no copies
	}
	return out
}

// Missing is the runes of s that none of the fonts, bold or not, has a
// glyph for, each once, in order.
func (f *Fonts) Missing(s string, bold bool) []rune {
	var out []rune
	for _, r := range f.runs(s, bold) {
		if r.font >= 0 {
			continue
		}
		for _, c := range r.text {
			if !unicode.IsSpace(c) && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// Layout lays a card out: each of its fields that is not empty on a line
// of its own, in a size that fits the card's width (shrunk from the
// field's own size, down to minSize; a line still too wide is cut at the
// end with an ellipsis).
func (f *Fonts) Layout(c Card) ([]Line, error) {
	type field struct {
		name, text string
		bold       bool
		size       float64
		color      int
		gap        int // space above the line's top, after the last line's baseline
	}
	fields := []field{
		{"site", c.Site, true, 15, band, 0},
		{"kind", c.Kind, false, 15, muted, 0},
		{"title", c.Title, true, 38, ink, 42},
		{"sub", c.Sub, false, 20, muted, 9},
		{"price", c.Price, true, 29, accent, 48},
		{"note", c.Note, false, 15, muted, 15},
	}
	var lines []Line
	y := bandHeight + 32 // the site's baseline
	for i, fd := range fields {
		if fd.text == "" {
			continue
		}
		if miss := f.Missing(fd.text, fd.bold); len(miss) > 0 {
			return nil, fmt.Errorf("card %s: the card font has no glyph for %s in %q: the CJK card font is a subset: make it again with the missing characters (generator/site/cards/fonts/README.md)", c.Path, quoteRunes(miss), fd.text)
		}
		size, text, err := f.fit(fd.text, fd.bold, fd.size)
		if err != nil {
			return nil, fmt.Errorf("card %s: %w", c.Path, err)
		}
		x := margin
		if fd.name == "kind" && len(lines) > 0 && lines[len(lines)-1].Field == "site" {
			// On the site's line, after it.
			prev := lines[len(lines)-1]
			w, _ := f.width(prev.Text, prev.Bold, prev.Size)
			x = margin + w + 12
			lines = append(lines, Line{fd.name, text, fd.bold, size, fd.color, x, prev.Y})
			continue
		}
		if i > 0 {
			y += fd.gap + int(size)
		}
		lines = append(lines, Line{fd.name, text, fd.bold, size, fd.color, x, y})
	}
	return lines, nil
}

// fit is the size, not above size, at which s fits the card's width, and
// s itself, or cut with an ellipsis at minSize when it does not fit then.
func (f *Fonts) fit(s string, bold bool, size float64) (float64, string, error) {
	room := Width - 2*margin
	for ; size > minSize; size-- {
		w, err := f.width(s, bold, size)
		if err != nil {
			return 0, "", err
		}
		if w <= room {
			return size, s, nil
		}
	}
	size = minSize
	for s != "" {
		w, err := f.width(s, bold, size)
		if err != nil {
			return 0, "", err
		}
		if w <= room {
			return size, s, nil
		}
		_, n := utf8.DecodeLastRuneInString(strings.TrimSuffix(s, "…"))
		s = strings.TrimSuffix(s, "…")
		s = strings.TrimRightFunc(s[:len(s)-n], unicode.IsSpace) + "…"
	}
	return size, s, nil
}

// width is the advance of s in pixels, rounded up.
func (f *Fonts) width(s string, bold bool, size float64) (int, error) {
	var w fixed.Int26_6
	for _, r := range f.runs(s, bold) {
		fc, err := f.face(bold, size, max(r.font, 0))
		if err != nil {
			return 0, err
		}
		w += font.MeasureString(fc, r.text)
	}
	return w.Ceil(), nil
}

// Draw draws a card laid out as lines into a paletted image: the ground,
// the band along the top, and each line's glyphs in its colour, their
// coverage in 16 steps between the ground and the colour.
func (f *Fonts) Draw(lines []Line) (*image.Paletted, error) {
	img := image.NewPaletted(image.Rect(0, 0, Width, Height), cardPalette)
	return img, f.drawInto(img, image.NewAlpha(img.Rect), lines, nil)
}

// cardPalette is the card's palette: each colour in 16 steps from the
// ground.
var cardPalette = func() color.Palette {
	pal := color.Palette{}
	for _, c := range colors {
		for step := range 16 {
			pal = append(pal, blend(colors[0], c, step))
		}
	}
	return pal
}()

// drawInto is Draw into img, with mask the coverage of a line: both of
// the card's size, img's pixels whatever they were, mask's zero (and
// zero again after). With inked (a bool a row of img), img is as the
// last drawInto with the same inked left it: the rows it marks are the
// only ones below the band that may not be ground, and are the only ones
// cleared; it marks this drawing's in turn.
func (f *Fonts) drawInto(img *image.Paletted, mask *image.Alpha, lines []Line, inked []bool) error {
	if inked == nil {
		clear(img.Pix)
	} else {
		for y, ink := range inked {
			if ink {
				clear(img.Pix[y*img.Stride : (y+1)*img.Stride])
				inked[y] = false
			}
		}
	}
	for i := range Width * bandHeight {
		img.Pix[i] = uint8(band*16 + 15)
	}
	for _, l := range lines {
		// The band of rows the line's glyphs can reach: drawing is clipped
		// to it, and only what its glyphs cover of it is read and cleared.
		cov, kept := f.lines[l]
		if !kept {
			band := image.Rect(0, l.Y-int(1.3*l.Size), Width, l.Y+int(0.5*l.Size)).Intersect(img.Rect)
			inked, err := f.drawLine(mask.SubImage(band).(*image.Alpha), l)
			if err != nil {
				clear(mask.Pix)
				return err
			}
			cov = mask.SubImage(inked).(*image.Alpha)
			if keepLine[l.Field] {
				cov = &image.Alpha{Pix: bytes.Clone(cov.Pix[:max(0, cov.PixOffset(inked.Max.X, inked.Max.Y-1))]), Stride: cov.Stride, Rect: inked}
				if f.lines == nil {
					f.lines = map[Line]*image.Alpha{}
				}
				f.lines[l] = cov
			}
		}
		r := cov.Rect
		for y := r.Min.Y; y < r.Max.Y; y++ {
			if inked != nil {
				inked[y] = true
			}
			lo, hi := cov.PixOffset(r.Min.X, y), cov.PixOffset(r.Max.X, y)
			at := img.PixOffset(r.Min.X, y)
			for i, a := range cov.Pix[lo:hi] {
				if a > 0 {
					img.Pix[at+i] = uint8(l.Color*16) + a>>4
				}
			}
		}
		if !kept {
			for y := r.Min.Y; y < r.Max.Y; y++ {
				clear(mask.Pix[mask.PixOffset(r.Min.X, y):mask.PixOffset(r.Max.X, y)])
			}
		}
	}
	return nil
}

// keepLine are the fields whose lines recur from card to card (the site's
// name on every card, the kind on every card of a kind): the coverage of
// such a line is kept (Fonts.lines) and laid again, not drawn again.
var keepLine = map[string]bool{"site": true, "kind": true}

// glyphKey is a glyph of a face at a sub-pixel offset of the dot.
type glyphKey struct {
	face faceKey
	r    rune
	frac fixed.Int26_6 // the dot's X within its pixel, to a quarter (drawLine)
}

// glyph is a glyph's coverage and advance, drawn once for every card of
// the fonts (a site's name, a kind, digits and words recur on each):
// its mask's bounds are relative to the dot's pixel.
type glyph struct {
	mask    *image.Alpha
	advance fixed.Int26_6
	ok      bool
}

// drawLine draws the text of l into dst as font.Drawer does (kerning
// within a run, each glyph over the last), each glyph from the fonts'
// cache: a glyph moved by whole pixels is the same coverage, and its dot
// is rounded to a quarter of a pixel, so that a glyph is drawn at most
// four ways. inked is the part of dst its glyphs cover.
func (f *Fonts) drawLine(dst *image.Alpha, l Line) (inked image.Rectangle, err error) {
	if f.glyphs == nil {
		f.glyphs = map[glyphKey]glyph{}
	}
	dot := fixed.P(l.X, l.Y)
	for _, r := range f.runs(l.Text, l.Bold) {
		font := max(r.font, 0)
		fc, err := f.face(l.Bold, l.Size, font)
		if err != nil {
			return inked, err
		}
		prev := rune(-1)
		for _, c := range r.text {
			if prev >= 0 {
				dot.X += fc.Kern(prev, c)
			}
			at := dot.X + quarter/2 // the nearest quarter of a pixel
			k := glyphKey{faceKey{l.Bold, l.Size, font}, c, at & 63 &^ (quarter - 1)}
			g, hit := f.glyphs[k]
			if !hit {
				dr, m, mp, adv, ok := fc.Glyph(fixed.Point26_6{X: k.frac}, c)
				g = glyph{advance: adv, ok: ok}
				if ok {
					g.mask = copyMask(dr, m, mp)
				}
				f.glyphs[k] = g
			}
			if !g.ok {
				continue // as font.Drawer: no advance
			}
			inked = inked.Union(over(dst, g.mask, image.Pt(at.Floor(), dot.Y.Floor())))
			dot.X += g.advance
			prev = c
		}
	}
	return inked, nil
}

// copyMask is the mask m from mp on, as the rectangle r: draw.Draw's Src,
// row by row where m is an *image.Alpha that holds all of it (a glyph's
// mask is), which draw.Draw copies a pixel at a time.
func copyMask(r image.Rectangle, m image.Image, mp image.Point) *image.Alpha {
	dst := image.NewAlpha(r)
	a, ok := m.(*image.Alpha)
	if !ok || !r.Sub(r.Min).Add(mp).In(a.Rect) {
		draw.Draw(dst, r, m, mp, draw.Src)
		return dst
	}
	for y := range r.Dy() {
		copy(dst.Pix[y*dst.Stride:y*dst.Stride+r.Dx()], a.Pix[a.PixOffset(mp.X, mp.Y+y):])
	}
	return dst
}

// quarter is a quarter of a pixel, in 26.6 fixed point.
const quarter = 16

// over lays the coverage m, moved by at, over dst (clipped to dst's
// bounds): each pixel covered a share m of what is left, as opaque ink
// drawn over does. It returns the part of dst it covered.
func over(dst, m *image.Alpha, at image.Point) image.Rectangle {
	r := m.Rect.Add(at).Intersect(dst.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		d := dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)]
		src := m.Pix[m.PixOffset(r.Min.X-at.X, y-at.Y):]
		for i, a := range d {
			switch c := src[i]; {
			case a == 0: // nothing under it: the glyph's coverage
				d[i] = c
			case c != 0:
				d[i] = uint8((uint32(c)*255 + uint32(a)*(255-uint32(c)) + 127) / 255)
			}
		}
	}
	return r
}

// blend is step sixteenths of the way from a to b, step 15 being b.
func blend(a, b color.RGBA, step int) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8((int(x)*(15-step) + int(y)*step) / 15) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

// PNG is the card c drawn and encoded: the same bytes for the same card.
func (f *Fonts) PNG(c Card) ([]byte, error) {
	lines, err := f.Layout(c)
	if err != nil {
		return nil, err
	}
	// The image, the mask and the encoder's buffers are the last card's:
	// a card allocates little more than its PNG.
	if f.img == nil {
		f.img = image.NewPaletted(image.Rect(0, 0, Width, Height), cardPalette)
		f.mask = image.NewAlpha(f.img.Rect)
		f.inked = make([]bool, Height)
	}
	if err := f.drawInto(f.img, f.mask, lines, f.inked); err != nil {
		return nil, err
	}
	data, err := f.enc.encode(f.img, f.inked)
	if err != nil {
		return nil, err
	}
	return bytes.Clone(data), nil
}

// quoteRunes names runes for an error: "价" (U+4EF7).
func quoteRunes(rs []rune) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprintf("%q (U+%04X)", r, r))
	}
	return strings.Join(parts, ", ")
}

// Inputs are what an edition's cards are made of.
type Inputs struct {
	Lang string // the edition's language: its fonts (FontsFor)
	// Count is the number of cards; Card makes the text of the i-th as
	// it is drawn (safe for concurrent use), so that the texts of every
	// card are never held at once.
	Count int
	Card  func(i int) (Card, error)
}

// Write draws each card of in and puts it into out; with sets, a card
// whose text is that of the last build is its bytes of then. The cards
// are drawn on a goroutine a processor, each with fonts of its own; the
// error of the first card in order that fails is returned.
func Write(out write.Sink, in Inputs, sets *reuse.Sets) error {
	workers := min(runtime.GOMAXPROCS(0), in.Count)
	failed := make([]struct {
		at  int
		err error
	}, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			var fonts *Fonts
			for i := w; i < in.Count; i += workers {
				c, err := in.Card(i)
				if err != nil {
					failed[w].at, failed[w].err = i, err
					return
				}
				err = sets.Put(out, "card "+c.Path, cardInputs{in.Lang, c}, func() ([]write.File, error) {
					if fonts == nil {
						var err error
						if fonts, err = FontsFor(in.Lang); err != nil {
							return nil, err
						}
					}
					data, err := fonts.PNG(c)
					return []write.File{{Path: c.Path, Data: data}}, err
				})
				if err != nil {
					failed[w].at, failed[w].err = i, err
					return
				}
			}
		})
	}
	wg.Wait()
	var first error
	at := in.Count
	for _, f := range failed {
		if f.err != nil && f.at < at {
			first, at = f.err, f.at
		}
	}
	return first
}

// cardInputs is what a card's bytes follow from.
type cardInputs struct {
	Lang string
	Card Card
}
