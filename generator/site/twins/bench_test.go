package twins

import (
	"os"
	"testing"
)

// BenchmarkOf makes the twin of a page of a build (TWIN_PAGE names it).
func BenchmarkOf(b *testing.B) {
	p := os.Getenv("TWIN_PAGE")
	if p == "" {
		b.Skip("TWIN_PAGE names no page")
	}
	page, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		if _, err := Of("compare/index.html", page, ""); err != nil {
			b.Fatal(err)
		}
	}
}
