#!/usr/bin/env bash
# Puts a preview online, or takes it down: the folder pr-<n>/ of the
# branch gh-pages-previews, which pages.yml deploys beside main's site.
# Run by preview-publish.yml and refresh.yml with what main's code built;
# tested by generator/cmd/prpreview (TestPublishStep).
#
#   preview-branch.sh PR publish SITE_DIR
#   preview-branch.sh PR remove [SITE_DIR]
#
# (remove reads no SITE_DIR: a workflow may pass the same words for both.)
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
if [ "$action" = publish ]; then
  site=$(cd "$site" && pwd)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# update makes one attempt: the branch as it is now, with pr-<n>/ put or
# removed, pushed without force; a push that lost a race fails.
update() {
  rm -rf "$work/branch"
  git init -q "$work/branch"
  cd "$work/branch"
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
    return 0
  fi
  git commit -q -m "preview of #$pr: $action"
  git push -q "$remote" "HEAD:refs/heads/$branch"
}

# Previews of other pull requests are pushed at the same time: a push
# that lost the race starts again from the branch as it is then.
for attempt in 1 2 3 4 5; do
  if (update); then
    exit 0
  fi
  echo "pr-$pr: attempt $attempt did not push; again from the branch as it is now" >&2
  sleep "$attempt"
done
echo "preview-branch.sh: pr-$pr: not pushed after 5 attempts" >&2
exit 1
