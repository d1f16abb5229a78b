package cards

import (
	"bytes"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"hash/maphash"
	"image"

	"github.com/klauspost/compress/flate"
)

// encoder writes a card's PNG: 8 bits a pixel, the card's palette, no
// filter. Most of a card's rows are the ground alone (index 0); those are
// most of what deflating the image costs. A run of such rows is deflated
// once for every card of the encoder, and each run of rows with ink on its
// own, by klauspost/compress's flate at its fastest (on the cards' rows,
// about two thirds of the CPU of the cards' own deflater it replaced, for
// 17% more bytes: README): each run is a deflate stream of its own,
// flushed to a byte boundary, and the runs one after another are one zlib
// stream (RFC 1950, 1951), which a PNG decoder reads as any other. A run's
// stream is thus a function of its rows alone, and a run with ink that an
// earlier card had (the band and the site's name on every card, the kind's
// on every card of a kind, a price many share: half a card's rows with
// ink) is its stream of then, looked up by its rows' hash, not deflated
// again.
type encoder struct {
	zw    *flate.Writer
	z     bytes.Buffer   // what zw deflates into
	blank map[int][]byte // n ground rows, deflated and flushed, by n
	ink   map[runKey]*inkRun
	// inkBytes is what the streams of ink holds; past inkBudget, the runs
	// no card has looked up since the last pruning are let go (keep).
	inkBytes int
	seeds    [2]maphash.Seed
	scan     []byte       // its scanlines
	idat     bytes.Buffer // the zlib stream
	out      bytes.Buffer // the PNG
	zeros    []byte       // a ground row's scanline
}

// pngSignature opens every PNG.
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// deflate is rows of scanlines deflated on their own and flushed.
func (e *encoder) deflate(scanlines func(write func([]byte))) ([]byte, error) {
	e.z.Reset()
	if e.zw == nil {
		zw, err := flate.NewWriter(&e.z, flate.BestSpeed)
		if err != nil {
			return nil, err
		}
		e.zw = zw
	} else {
		e.zw.Reset(&e.z)
	}
	var err error
	scanlines(func(b []byte) {
		if err == nil {
			_, err = e.zw.Write(b)
		}
	})
	if err != nil {
		return nil, err
	}
	if err := e.zw.Flush(); err != nil {
		return nil, err
	}
	return e.z.Bytes(), nil
}

// encode is img as a PNG; the result is the encoder's until its next call.
// inked, when not nil, marks the rows below the band that may hold ink:
// the others are ground, not read.
func (e *encoder) encode(img *image.Paletted, inked []bool) ([]byte, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if e.blank == nil {
		e.blank = map[int][]byte{}
		e.ink = map[runKey]*inkRun{}
		e.seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
		e.zeros = make([]byte, 1+w)
	}
	sum := checksum{a: 1}
	e.idat.Reset()
	e.idat.Write([]byte{0x78, 0x01}) // deflate, 32K window, fastest
	ground := func(y int) bool {
		if inked != nil && y >= bandHeight && !inked[y] {
			return true
		}
		return bytes.Equal(img.Pix[y*img.Stride:y*img.Stride+w], e.zeros[1:])
	}
	for y := 0; y < h; {
		end := y + 1
		blank := ground(y)
		for end < h && ground(end) == blank {
			end++
		}
		n := end - y
		if blank {
			z, ok := e.blank[n]
			if !ok {
				d, err := e.deflate(func(write func([]byte)) {
					for range n {
						write(e.zeros)
					}
				})
				if err != nil {
					return nil, err
				}
				z = bytes.Clone(d)
				e.blank[n] = z
			}
			sum.zeros(n * len(e.zeros))
			e.idat.Write(z)
		} else {
			rows := func(yield func([]byte)) {
				for r := y; r < end; r++ {
					yield(img.Pix[r*img.Stride : r*img.Stride+w])
				}
			}
			k := runKey{n: n}
			for i, seed := range e.seeds {
				var h maphash.Hash
				h.SetSeed(seed)
				rows(func(p []byte) { h.Write(p) })
				k.sum[i] = h.Sum64()
			}
			run, ok := e.ink[k]
			if ok {
				run.hits++
			} else {
				e.scan = e.scan[:0]
				rows(func(p []byte) {
					e.scan = append(append(e.scan, 0), p...) // filter: none
				})
				d, err := e.deflate(func(write func([]byte)) { write(e.scan) })
				if err != nil {
					return nil, err
				}
				run = &inkRun{z: bytes.Clone(d), adler: adler32.Checksum(e.scan)}
				e.keep(k, run)
			}
			sum.combine(run.adler, n*(1+w))
			e.idat.Write(run.z)
		}
		y = end
	}
	// The last, empty stored block ends the deflate stream; then the
	// zlib trailer, the Adler-32 of the scanlines.
	e.idat.Write([]byte{0x01, 0x00, 0x00, 0xff, 0xff})
	e.idat.Write(binary.BigEndian.AppendUint32(nil, sum.b<<16|sum.a))

	e.out.Reset()
	e.out.Write(pngSignature)
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 8, 3, 0, 0, 0) // 8 bits, paletted, deflate, no filter choice, no interlace
	e.chunk("IHDR", ihdr)
	var plte []byte
	for _, c := range img.Palette {
		r, g, b, _ := c.RGBA()
		plte = append(plte, uint8(r>>8), uint8(g>>8), uint8(b>>8))
	}
	e.chunk("PLTE", plte)
	e.chunk("IDAT", e.idat.Bytes())
	e.chunk("IEND", nil)
	return e.out.Bytes(), nil
}

// chunk writes a PNG chunk: its length, type, data and CRC.
func (e *encoder) chunk(kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	e.out.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	e.out.WriteString(kind)
	e.out.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	e.out.Write(n[:])
}

// checksum is the Adler-32 of the scanlines so far (RFC 1950): a run of
// zeros adds nothing to its sum a and n times a to its b, so the ground's
// rows cost no reading.
type checksum struct{ a, b uint32 } // a starts at 1

const adlerMod = 65521

// combine adds n bytes whose own Adler-32 is s.
func (c *checksum) combine(s uint32, size int) {
	a2, b2 := s&0xffff, s>>16
	n := uint64(size % adlerMod)
	c.b = uint32((uint64(c.b) + uint64(b2) + n*uint64((c.a+adlerMod-1)%adlerMod)) % adlerMod)
	c.a = (c.a + a2 + adlerMod - 1) % adlerMod
}

// zeros adds n zero bytes.
func (c *checksum) zeros(n int) {
	c.b = uint32((uint64(c.b) + uint64(n)%adlerMod*uint64(c.a)) % adlerMod)
}

// runKey is a run of rows with ink: their number and two hashes of their
// pixels (with seeds of their own: 128 bits, no two runs of a build alike).
type runKey struct {
	sum [2]uint64
	n   int
}

// inkRun is a run of rows deflated and flushed, and the Adler-32 of its
// scanlines; hits counts the cards that looked it up since the last
// pruning.
type inkRun struct {
	z     []byte
	adler uint32
	hits  int
}

// inkBudget bounds the bytes of the streams an encoder keeps of runs with
// ink. Most runs are a card's own (its name, its price) and never come
// again: kept all, they grew with the catalog (150 MB of 100,000 cards).
// The runs many cards share are looked up between two prunings of 1 MB
// as of 4 MB: at 10,000 offers the smaller budget encodes in as much CPU
// and holds 6 MB less while the pages render.
const inkBudget = 1 << 20

// keep keeps run under k; past inkBudget it first lets go of the runs no
// card looked up since the last pruning, and counts the others' hits
// afresh. A run let go is deflated again when a card has it: a run's
// stream is a function of its rows alone, so the PNG is the same bytes.
func (e *encoder) keep(k runKey, run *inkRun) {
	if e.inkBytes+len(run.z) > inkBudget {
		e.inkBytes = 0
		for key, r := range e.ink {
			if r.hits == 0 {
				delete(e.ink, key)
				continue
			}
			r.hits = 0
			e.inkBytes += len(r.z)
		}
	}
	e.ink[k] = run
	e.inkBytes += len(run.z)
}
