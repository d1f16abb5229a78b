package refresh

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// PageName is the saved name of page n (1, 2, …) of a file: vms.json,
// vms-2.json, vms-3.json …
func PageName(name string, n int) string {
	if n <= 1 {
		return name
	}
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "-" + strconv.Itoa(n) + ext
}

// Download fetches every file of a source into cache/PROVIDER/, following
// a page's link to the next (Azure's NextPageLink, the Billing Catalog's
// nextPageToken) up to the file's pages, and gives the saved
// copies in order, as paths under cache. The answer of a price inquiry
// (Inquiry) is saved with its request.
func Download(ctx context.Context, f *Fetcher, src *Source, cache string) ([]string, error) {
	var saved []string
	for _, file := range src.Files {
		u := file.URL
		for page := 1; ; page++ {
			rel := src.Provider + "/" + PageName(file.Name, page)
			body := ""
			if page == 1 {
				body = file.Body
			}
			res, err := f.FetchBody(ctx, u, body, cache, rel)
			if err != nil {
				return nil, err
			}
			saved = append(saved, filepath.Join(cache, filepath.FromSlash(rel)))
			if Inquiry(src.Format) && !res.NotModified {
				// The answer is saved with the request it answers.
				if err := saveInquiry(saved[len(saved)-1], u, body); err != nil {
					return nil, err
				}
			}
			if page >= max(file.Pages, 1) {
				break
			}
			next, err := nextPage(src.Format, saved[len(saved)-1], u)
			if err != nil {
				return nil, err
			}
			if next == "" {
				break
			}
			u = next
		}
	}
	return saved, nil
}

// FromDir gives the saved copies of a source's files in dir/PROVIDER/, as
// Download lays them out: each file must be there; its further pages are
// read while they are.
func FromDir(dir string, src *Source) ([]string, error) {
	var files []string
	for _, file := range src.Files {
		for page := 1; page <= max(file.Pages, 1); page++ {
			p := filepath.Join(dir, src.Provider, PageName(file.Name, page))
			st, err := os.Stat(p)
			if page > 1 && errors.Is(err, os.ErrNotExist) {
				break
			}
			if err != nil {
				return nil, fmt.Errorf("%s: no saved copy of %s: want the file downloaded from it under that name", p, file.URL)
			}
			if !st.Mode().IsRegular() {
				return nil, fmt.Errorf("%s: not a regular file", p)
			}
			files = append(files, p)
		}
	}
	return files, nil
}
