package cards

import (
	"bytes"
	"compress/flate"
	"io"
	"math/rand/v2"
	"testing"
)

// TestRowDeflaterRoundTrips: rows deflated by rowDeflater, one run after
// another, inflate to the same bytes with compress/flate: rows of ground,
// rows sparse with ink as a card's, rows of noise (no match at all), a
// row of one colour and a single byte; each part ends at a byte boundary
// (the empty stored block) so the next can follow.
func TestRowDeflaterRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	row := func(w int, ink float64, levels int) []byte {
		p := make([]byte, w)
		for x := range p {
			if rng.Float64() < ink {
				p[x] = byte(rng.IntN(levels))
			}
		}
		return p
	}
	var cases [][]byte
	var strides []int
	add := func(stride int, rows ...[]byte) {
		cases, strides = append(cases, bytes.Join(rows, nil)), append(strides, stride)
	}
	add(1201, make([]byte, 1201*40))
	for _, ink := range []float64{0.01, 0.2, 0.6} {
		var rows [][]byte
		first := row(1201, ink, 80)
		for i := range 30 {
			r := row(1201, ink, 80)
			if i%3 == 0 {
				r = first // a row as one above it
			}
			rows = append(rows, r)
		}
		add(1201, rows...)
	}
	add(1201, row(1201*20, 1, 256))
	add(1201, bytes.Repeat([]byte{77}, 1201*5))
	add(1, []byte{9})
	add(7, row(7*1000, 0.3, 3))

	var d rowDeflater
	var stream []byte
	for i, data := range cases {
		z := d.deflate(data, strides[i])
		if !bytes.HasSuffix(z, []byte{0, 0, 0xff, 0xff}) {
			t.Fatalf("case %d: does not end with an empty stored block", i)
		}
		one, err := io.ReadAll(flate.NewReader(bytes.NewReader(append(bytes.Clone(z), 0x01, 0x00, 0x00, 0xff, 0xff))))
		if err != nil || !bytes.Equal(one, data) {
			t.Fatalf("case %d: inflated %d bytes (%v), want %d", i, len(one), err, len(data))
		}
		stream = append(stream, z...)
	}
	stream = append(stream, 0x01, 0x00, 0x00, 0xff, 0xff)
	all, err := io.ReadAll(flate.NewReader(bytes.NewReader(stream)))
	if err != nil || !bytes.Equal(all, bytes.Join(cases, nil)) {
		t.Fatalf("the parts one after another: %v", err)
	}
}

// TestHuffmanLengthsFitTheirLimit: frequencies that would make a code
// longer than its limit (a Fibonacci series) give one within it, and
// complete (Kraft's sum 1), which a decoder requires.
func TestHuffmanLengthsFitTheirLimit(t *testing.T) {
	freq := make([]int, 19)
	a, b := 1, 1
	for i := range freq {
		freq[i], a, b = a, b, a+b
	}
	c := newCode(freq, 7)
	sum := 0.0
	for _, l := range c.lens {
		if l == 0 || l > 7 {
			t.Fatalf("lengths %v: want each 1–7", c.lens)
		}
		sum += 1 / float64(int(1)<<l)
	}
	if sum != 1 {
		t.Errorf("lengths %v: Kraft sum %v, want 1", c.lens, sum)
	}
}

// TestLengthAndDistanceCodes: each match length and distance has the
// code whose base and extra bits hold it (RFC 1951 3.2.5).
func TestLengthAndDistanceCodes(t *testing.T) {
	for n := minMatch; n <= maxMatch; n++ {
		c := lengthCode(uint16(n))
		if lo, hi := int(lengthBase[c]), int(lengthBase[c])+1<<lengthExtra[c]-1; n < lo || n > hi || (n == maxMatch) != (c == 28) {
			t.Errorf("length %d: code %d (%d–%d)", n, c, lo, hi)
		}
	}
	for d := 1; d <= 32768; d++ {
		c := distCode(uint16(d))
		if lo, hi := int(distBase[c]), int(distBase[c])+1<<distExtra[c]-1; d < lo || d > hi {
			t.Fatalf("distance %d: code %d (%d–%d)", d, c, lo, hi)
		}
	}
}
