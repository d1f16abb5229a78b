// Package gpucompare holds what the gpucompare binary carries with it: the
// repository's own templates/ and static/, used to build a site root that
// has none of its own (a folder holding only data/ builds).
package gpucompare

import "embed"

// Assets holds templates/ and static/ of the repository, paths unchanged
// ("templates/base.html", "static/style.css").
//
//go:embed templates static
var Assets embed.FS
