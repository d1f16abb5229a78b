package site

import (
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"strings"

	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/report"
)

// A server shows the 404 page (kinds.NotFound) for any address it has no
// file for, at any depth: /gpus/nope/ and /a/b/c/ alike. With the site's
// URL known, the page links absolutely (newPage). Without it, no link
// relative to the page holds at every depth, and neither would a link to
// a stylesheet or a script: the page then carries in itself its
// stylesheet, its icon (a data: URL) and static/notfound.js, which finds
// the site's root from the address asked for and points the page's links
// there; this file reads them (assets) and fills in the page's policy
// (render). The policy of the page allows its two inline blocks by their
// sha256 (report.WithPolicy, as the report's does), and nothing else inline.

// notFoundAssets reads the 404 page's inline blocks from the static folder.
// A file a site's own static folder lacks is left out, as the pages' links
// to it lead nowhere either; a file the folder holds but cannot give is
// reported with the static folder's other errors.
func notFoundAssets(sfs fs.FS) (*pagemodel.InlineAssets, error) {
	read := func(name string) (string, error) {
		src, err := fs.ReadFile(sfs, name)
		if errors.Is(err, fs.ErrNotExist) {
			return "", nil
		}
		if err != nil {
			return "", fmt.Errorf("the 404 page of a site without a url inlines static/%s: %w", name, err)
		}
		return report.InlineText(src), nil
	}
	style, err := read("style.css")
	if err != nil {
		return nil, err
	}
	script, err := read("notfound.js")
	if err != nil {
		return nil, err
	}
	icon, err := read("favicon.svg")
	if err != nil {
		return nil, err
	}
	a := &pagemodel.InlineAssets{Style: template.CSS(style), Script: template.JS(script)}
	if icon != "" {
		a.Icon = template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(icon)))
	}
	return a, nil
}

// notFoundPolicy is the site's policy (templates/base.html) with the
// hashes of the 404 page's inline script and style added.
func notFoundPolicy(scripts, styles []string) string {
	list := func(hs []string) string {
		return strings.Join(append([]string{"'self'"}, hs...), " ")
	}
	return "default-src 'self'; script-src " + list(scripts) + "; style-src " + list(styles) +
		"; img-src 'self' data:; object-src 'none'; base-uri 'none'"
}
