#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: Chromium (browser tests,
# Lighthouse), nginx (the production-serving tests) and shellcheck (the docs' shell blocks). Safe to
# run again: it installs nothing that is already there.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
[ -x /usr/bin/shellcheck ] || missing+=(shellcheck)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing Debian packages: ${missing[*]}"
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
