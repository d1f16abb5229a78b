#!/usr/bin/env bash
# Puts a preview online, or takes it down: the folder pr-<n>/ of the
# branch gh-pages-previews, which pages.yml deploys beside main's site.
# Run by preview-publish.yml and refresh.yml with what main's code built;
# tested by generator/cmd/prpreview (TestPublishStep).
#
#   preview-branch.sh PR publish SITE_DIR
#   preview-branch.sh PR remove
#
# REMOTE is the repository to push to (default: this repository on
# GitHub, with GH_TOKEN); PREVIEW_BRANCH the branch (default
# gh-pages-previews). Works in a new folder of its own.
set -euo pipefail

pr=${1:-} action=${2:-} site=${3:-}
case "$pr" in ''|*[!0-9]*) echo "preview-branch.sh: pull request number '$pr' is not a number" >&2; exit 2;; esac
case "$action" in
  publish) [ -d "$site" ] || { echo "preview-branch.sh: no site folder '$site'" >&2; exit 2; } ;;
  remove) ;;
  *) echo "preview-branch.sh: unknown action '$action': publish or remove" >&2; exit 2;;
esac
branch=${PREVIEW_BRANCH:-gh-pages-previews}
remote=${REMOTE:-https://x-access-token:${GH_TOKEN:?GH_TOKEN or REMOTE is needed}@github.com/${GITHUB_REPOSITORY:?}.git}
site=$(cd "${site:-.}" && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
git init -q
git config user.name "github-actions[bot]"
git config user.email "41898282+github-actions[bot]@users.noreply.github.com"
if git ls-remote --exit-code --heads "$remote" "$branch" >/dev/null; then
  git fetch -q --depth=1 "$remote" "$branch"
  git checkout -q -b "$branch" FETCH_HEAD
else
  git checkout -q --orphan "$branch"
fi
rm -rf "pr-$pr"
if [ "$action" = publish ]; then
  cp -R "$site" "pr-$pr"
fi
git add -A
if git diff --cached --quiet; then
  echo "pr-$pr: nothing changed"
else
  git commit -q -m "preview of #$pr: $action"
  git push -q "$remote" "HEAD:refs/heads/$branch"
fi
