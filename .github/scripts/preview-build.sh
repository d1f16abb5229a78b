#!/usr/bin/env bash
# Builds a pull request's preview and its summary with main's code, from
# the catalog of the pull request's run and nothing else of it. Run by
# preview-publish.yml, which has checked out and built main; tested by
# generator/cmd/prpreview (TestPublishStep).
#
#   preview-build.sh ARCHIVE MAIN_ROOT PREVIEW_URL OUT
#
# ARCHIVE is catalog.tar from the pull request's run; MAIN_ROOT the
# checkout of main, whose data/ the summary compares with; OUT receives
# site/ (the preview, for PREVIEW_URL), diff.md (the summary) and
# diff.json (the whole of it, never cut).
# GPUCOMPARE and PRPREVIEW name main's two binaries (default:
# MAIN_ROOT/bin/gpucompare and MAIN_ROOT/bin/prpreview).
#
# prpreview extract writes only data/ and content/ of the archive, as
# folders and regular files, into a site root of its own: no templates/
# and no static/, so the build uses those embedded in main's binary.
set -euo pipefail

if [ $# -ne 4 ]; then
  echo "usage: preview-build.sh ARCHIVE MAIN_ROOT PREVIEW_URL OUT" >&2
  exit 2
fi
archive=$1 main=$2 url=$3 out=$4
gpucompare=${GPUCOMPARE:-$main/bin/gpucompare}
prpreview=${PRPREVIEW:-$main/bin/prpreview}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$prpreview" extract -artifact "$archive" -out "$work/root"
mkdir -p "$out"
"$gpucompare" build -root "$work/root" -out "$out/site" -base-url "$url" -preview
# main's data/ is the base: main's threshold, and what main would show.
# The JSON is never cut; a comment that is names it.
"$gpucompare" diff -root "$work/root" -base-dir "$main" -format json > "$out/diff.json"
"$gpucompare" diff -root "$work/root" -base-dir "$main" -format markdown \
  -full-diff "diff.json in the artifact preview-site of the run that built this preview" > "$out/diff.md"
