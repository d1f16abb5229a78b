package site

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"regexp"
	"strings"
	"testing"

	"gpucompare/generator/site/cards"
)

// TestCardsOnlyWithASiteURL builds a site of two editions without and
// with a URL, twice with it: without, no card and no og:image; with, the
// home, GPU, provider and instance pages of each edition have an
// og:image and twitter:image naming their card.png by an absolute URL,
// the card is written, no other page has one, and the second build's
// cards are the first's bytes.
func TestCardsOnlyWithASiteURL(t *testing.T) {
	bare, _ := build(t, twoEditions(t), Options{})
	for _, p := range bare.Paths() {
		if strings.HasSuffix(p, cards.Name) {
			t.Errorf("%s: a card on a site without a URL", p)
		}
		if m := metaOf(bare[p]); m["og:image"] != "" || m["twitter:image"] != "" || m["twitter:card"] == "summary_large_image" {
			t.Errorf("%s: an image in its meta on a site without a URL: %v", p, m)
		}
	}
	const base = "https://gpus.example.com/"
	files, _ := build(t, twoEditions(t), Options{BaseURL: base})
	again, _ := build(t, twoEditions(t), Options{BaseURL: base})
	made := 0
	for _, p := range files.Paths() {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		m := metaOf(files[p])
		kind := strings.Split(strings.TrimPrefix(p, "zh/"), "/")[0]
		want := kind == "index.html" || strings.HasSuffix(p, "/index.html") && (kind == "gpus" || kind == "providers" || kind == "instances") && strings.Count(strings.TrimPrefix(p, "zh/"), "/") >= 2
		card := strings.TrimSuffix(p, "index.html") + cards.Name
		if !want {
			if m["og:image"] != "" {
				t.Errorf("%s: og:image %q on a page without a card", p, m["og:image"])
			}
			continue
		}
		made++
		if m["og:image"] != base+card || m["twitter:image"] != m["og:image"] || m["twitter:card"] != "summary_large_image" {
			t.Errorf("%s: og:image %q, twitter:image %q, twitter:card %q; want %s, the same, summary_large_image", p, m["og:image"], m["twitter:image"], m["twitter:card"], base+card)
		}
		if len(files[card]) == 0 {
			t.Errorf("%s: its card %s is not written", p, card)
		} else if !bytes.Equal(files[card], again[card]) {
			t.Errorf("%s: other bytes in the second build", card)
		}
	}
	if made < 10 {
		t.Errorf("%d pages with a card, want every GPU, provider and instance page and the home pages", made)
	}
}

// shareRE reads a GPU model's answer out of its page's og:description
// (the message share.gpu, and share.fallback).
var shareRE = regexp.MustCompile(`^(.+) on-demand from (\S+) (\S+) per GPU-hour: (.+) (\S+), (.+)\. Price age: (.+); source: [a-z_ ]+\.( No current price: this is the newest\.)?$`)

// TestCardShowsThePageAnswer: the card of a GPU model's page is the card
// drawn from its page's figures, read back from the page (og:title and
// the answer of og:description): its price, offer and age, the newest
// stale price saying so, never a cheaper price that does not answer. The
// bytes are compared: each pixel of the text is the figures'.
func TestCardShowsThePageAnswer(t *testing.T) {
	root, _ := readArchive(t, "testdata/current.txtar")
	files, _ := build(t, root, Options{BaseURL: "https://gpus.example.com/"})
	fonts, err := cards.FontsFor("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, gpu := range []string{"a100", "h100"} {
		page := "gpus/" + gpu + "/index.html"
		m := metaOf(files[page])
		a := shareRE.FindStringSubmatch(m["og:description"])
		if a == nil {
			t.Fatalf("%s: no answer in og:description %q", page, m["og:description"])
		}
		want := cards.Card{
			Path: "gpus/" + gpu + "/card.png", Site: m["og:site_name"], Kind: "GPU model", Title: m["og:title"],
			Price: fmt.Sprintf("From %s %s per GPU-hour", a[2], a[3]),
			Note:  fmt.Sprintf("On-demand: %s %s, %s. Price age: %s.", a[4], a[5], a[6], a[7]),
		}
		if a[8] != "" {
			want.Note += " Not current: the newest."
		}
		png, err := fonts.PNG(want)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(png, files[want.Path]) {
			t.Errorf("%s: not the card of the page's figures %+v", want.Path, want)
		}
	}
}

// TestShippedCardsHaveEveryGlyph builds the shipped catalog with a site
// URL: the card fonts (the CJK one a subset) hold every character of
// every card of both editions, or the build fails naming those missing.
func TestShippedCardsHaveEveryGlyph(t *testing.T) {
	root := shippedRootInMemory(t)
	files, _ := build(t, root, Options{BaseURL: "https://gpus.example.com/"})
	n := 0
	for _, p := range files.Paths() {
		if strings.HasSuffix(p, "/"+cards.Name) || p == cards.Name || p == "zh/"+cards.Name {
			n++
		}
	}
	if n < 100 {
		t.Errorf("%d cards, want one for every GPU, provider and instance type and each home page", n)
	}
}

// TestChineseHomeCardIsTheMainlandAnswer: the Chinese home page leads
// with the mainland view, and its card answers as that does: the
// cheapest pay-as-you-go price per GPU-hour in mainland China, in yuan
// (GN7.8XLARGE's 34.74 元 in 华北 1), not the cheapest price anywhere
// converted (g4dn.xlarge's 0.526 USD); the English home card
// stays the cheapest anywhere. The lines above the note are compared
// pixel for pixel with a card drawn from that text.
func TestChineseHomeCardIsTheMainlandAnswer(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	edit(t, root, "data/providers/cloudcn.yaml", "    name: 华北 1\n", "    name: 华北 1\n    geo: china-mainland\n")
	edit(t, root, "data/site.yaml", "currency: USD\n", "currency: USD\neditions:\n  - language: zh-CN\n    dir: zh\n    currency: CNY\n")
	files, _ := build(t, root, Options{BaseURL: "https://gpus.example.com/"})
	for _, tc := range []struct {
		lang, card, kind, price string
	}{
		{"zh-CN", "zh/card.png", "中国内地", "每GPU小时最低34.74元"},
		{"en", "card.png", "", "From 0.526 USD per GPU-hour"},
	} {
		fonts, err := cards.FontsFor(tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		home := strings.TrimSuffix(tc.card, cards.Name) + "index.html"
		m := metaOf(files[home])
		title := map[string]string{"en": "Compare GPU cloud offers", "zh-CN": "GPU云服务器报价对比"}[tc.lang]
		want := cards.Card{Path: tc.card, Site: m["og:site_name"], Kind: tc.kind, Title: title, Price: tc.price, Note: "x"}
		lines, err := fonts.Layout(want)
		if err != nil {
			t.Fatal(err)
		}
		drawn, err := fonts.Draw(lines)
		if err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(bytes.NewReader(files[tc.card]))
		if err != nil {
			t.Fatalf("%s: %v", tc.card, err)
		}
		card := got.(*image.Paletted)
		for _, l := range lines {
			if l.Field == "note" {
				continue
			}
			for y := l.Y - int(l.Size); y < l.Y+int(l.Size/3); y++ {
				for x := range cards.Width {
					if card.ColorIndexAt(x, y) != drawn.ColorIndexAt(x, y) {
						t.Fatalf("%s: line %s is not %q (pixel %d,%d)", tc.card, l.Field, l.Text, x, y)
					}
				}
			}
		}
	}
}
