package site

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/site/write"
)

// monthsSite is the test site with price changes in several months: 24 in
// 2025-06 (one series stepping daily), two in 2025-04 (one dated to the
// month only), one in 2024-11, one dated to the year 2024 only, and one
// undated.
func monthsSite(t *testing.T) fstest.MapFS {
	t.Helper()
	root, _ := readArchive(t, "testdata/site.txtar")
	point := func(instance, region, amount, since string) string {
		s := fmt.Sprintf("  - instance: %s\n    region: %s\n    model: on_demand\n    amount: %s\n    currency: USD\n    since: %s\n", instance, region, amount, since)
		if since == "unknown" {
			s += "    as_of: the source gives no date\n"
		}
		return s + "    source: https://aws.amazon.com/ec2/pricing/on-demand/\n    source_kind: provider\n"
	}
	var b strings.Builder
	b.WriteString("provider: aws\nprices:\n")
	b.WriteString(point("p4d.24xlarge", "us-east-1", "40", "2024-01"))
	b.WriteString(point("p4d.24xlarge", "us-east-1", "38", "2024-11-03"))
	b.WriteString(point("p4d.24xlarge", "us-east-1", "36", "2025-04-10"))
	for day := 1; day <= 24; day++ {
		b.WriteString(point("p4d.24xlarge", "us-east-1", fmt.Sprintf("%.2f", 30+float64(day)/10), fmt.Sprintf("2025-06-%02d", day)))
	}
	b.WriteString(point("p4d.24xlarge", "eu-west-1", "35.39", "2025-06-05"))
	b.WriteString(point("p4d.24xlarge", "eu-west-1", "36.5", "unknown"))
	b.WriteString(point("g4dn.xlarge", "all", "0.6", "2023"))
	b.WriteString(point("g4dn.xlarge", "all", "0.526", "2025-04"))
	b.WriteString(point("g4dn.xlarge", "us-east-1", "0.6", "2023-05"))
	b.WriteString(point("g4dn.xlarge", "us-east-1", "0.55", "2024"))
	root["data/prices/aws.yaml"] = &fstest.MapFile{Data: []byte(b.String())}
	return root
}

var (
	hrefAttr  = regexp.MustCompile(`\s(?:href|src)="([^"]*)"`)
	monthAttr = regexp.MustCompile(`data-month="([^"]*)"`)
	rowDate   = regexp.MustCompile(`(?s)<tr data-provider=[^>]*>\s*<td>(?:<time datetime="([^"]*)"|<span class="date-unknown")`)
)

// TestChangesByMonth builds a catalog with price changes in several months
// and finds one page of /changes/ per month, newest first, /changes/
// holding the newest month, each month's script for the filter, and links
// between them that resolve to files of the build.
func TestChangesByMonth(t *testing.T) {
	files, _ := build(t, monthsSite(t), Options{BaseURL: "https://gpus.example.com/"})
	months := []string{"2025-06", "2025-04", "2024-11", "2024", "undated"}
	counts := map[string]int{"2025-06": 24, "2025-04": 2, "2024-11": 1, "2024": 1, "undated": 1}

	var built []string
	for p := range files {
		if strings.HasPrefix(p, "changes/") {
			built = append(built, p)
		}
	}
	slices.Sort(built)
	want := []string{"changes/index.html", "changes/index.md"}
	for _, m := range months {
		want = append(want, "changes/"+m+"/changes.js", "changes/"+m+"/index.html", "changes/"+m+"/index.md")
	}
	slices.Sort(want)
	if !slices.Equal(built, want) {
		t.Fatalf("files of /changes/:\n%q\nwant\n%q", built, want)
	}

	for _, p := range []string{"changes/index.html", "changes/2025-04/index.html"} {
		html := string(files[p])
		if got := monthAttr.FindAllStringSubmatch(html, -1); len(got) != len(months) {
			t.Errorf("%s: %d months in its navigation, want %d", p, len(got), len(months))
		} else {
			for i, m := range got {
				if m[1] != months[i] {
					t.Errorf("%s: month %d of its navigation is %q, want %q (newest first)", p, i, m[1], months[i])
				}
			}
		}
	}

	// /changes/ shows the newest month, newest change first, and no other.
	latest := string(files["changes/index.html"])
	dates := rowDate.FindAllStringSubmatch(latest, -1)
	if len(dates) != 24 {
		t.Fatalf("/changes/ lists %d changes, want the 24 of 2025-06", len(dates))
	}
	for i, d := range dates {
		if want := fmt.Sprintf("2025-06-%02d", 24-i); d[1] != want {
			t.Errorf("/changes/ row %d dated %q, want %q", i, d[1], want)
		}
	}
	if !strings.Contains(latest, `<a href="../changes/2025-06/index.html" data-month="2025-06" data-script="../changes/2025-06/changes.js" data-here>`) {
		t.Error("/changes/ does not mark 2025-06 as the month it shows")
	}

	for _, m := range months {
		p := "changes/" + m + "/index.html"
		html := string(files[p])
		if got := len(rowDate.FindAllString(html, -1)); got != counts[m] {
			t.Errorf("%s lists %d changes, want %d", p, got, counts[m])
		}
		if !strings.Contains(html, `aria-current="page">`+map[string]string{"undated": "Undated"}[m]) && !strings.Contains(html, `aria-current="page">`+m+`<`) {
			t.Errorf("%s: its month is not marked current in the navigation", p)
		}
		js := string(files["changes/"+m+"/changes.js"])
		if got := strings.Count(js, `<tr data-provider=`); got != counts[m] {
			t.Errorf("changes/%s/changes.js holds %d rows, want %d", m, got, counts[m])
		}
		if !strings.Contains(js, `(window.gpucompareChanges = window.gpucompareChanges || {})["`+m+`"] = [`) {
			t.Errorf("changes/%s/changes.js does not register its month", m)
		}
		// The rows' links are from the site's root folder.
		for _, h := range regexp.MustCompile(`href=\\"([^"\\]*)\\"`).FindAllStringSubmatch(js, -1) {
			if !strings.HasPrefix(h[1], "https://") {
				if _, ok := files[h[1]]; !ok {
					t.Errorf("changes/%s/changes.js: link %q is no file of the build", m, h[1])
				}
			}
		}
	}

	// Newer and older months link to each other.
	april := string(files["changes/2025-04/index.html"])
	for _, link := range []string{`<a href="../../changes/2025-06/index.html" rel="prev">`, `<a href="../../changes/2024-11/index.html" rel="next">`, `<a href="../../changes/index.html">Latest</a>`} {
		if !strings.Contains(april, link) {
			t.Errorf("changes/2025-04/index.html lacks %s", link)
		}
	}

	// Every link of every page of /changes/ names a file of the build.
	for _, p := range want {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		for _, h := range hrefAttr.FindAllStringSubmatch(string(files[p]), -1) {
			u, err := url.Parse(h[1])
			if err != nil || u.Scheme != "" || u.Path == "" {
				continue // absolute, or a fragment of the page
			}
			target := path.Join(path.Dir(p), u.Path)
			if _, ok := files[target]; !ok {
				t.Errorf("%s: link %q is no file of the build (%s)", p, h[1], target)
			}
		}
	}

	sitemap := string(files["sitemap.xml"])
	for _, m := range months {
		if loc := "<loc>https://gpus.example.com/changes/" + m + "/index.html</loc>"; !strings.Contains(sitemap, loc) {
			t.Errorf("sitemap.xml lacks %s", loc)
		}
	}
}

// TestAnEditionLetsGoOfEveryLayoutSet: once an edition is built, its
// templates hold no layout's set: each is let go of after its last page,
// and the one the change scripts make again after the render, once they
// are written.
func TestAnEditionLetsGoOfEveryLayoutSet(t *testing.T) {
	root, cat, tfs := shippedCatalog(t)
	var keep *kept
	eds, err := keep.editionsOf(cat, tfs)
	if err != nil {
		t.Fatal(err)
	}
	b := &builder{cat: cat, opts: Options{BaseURL: "https://gpus.example.com/"}, output: newOutput(write.NewMemory(), eds[0].Dir), ed: eds[0], eds: eds}
	if err := b.run(root, nil); err != nil {
		t.Fatal(err)
	}
	if held := b.tmpl.Held(); len(held) != 0 {
		t.Errorf("after the build, the sets of %q are held", held)
	}
	if len(b.Months) == 0 || !b.tmpl.Defines("changes", "change-row") { // (which makes the set again)
		t.Fatal("no change script written: the test shows nothing")
	}
}
