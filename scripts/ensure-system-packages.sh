#!/usr/bin/env bash
# Installs Debian packages the project needs (chromium for browser tests, later ffmpeg for the demo
# media) when their command is missing. Usage: ensure-system-packages.sh command:package ...
set -euo pipefail
missing=()
for pair in "$@"; do
  cmd=${pair%%:*}
  pkg=${pair#*:}
  command -v "$cmd" >/dev/null 2>&1 || [ -x "$cmd" ] || { [[ $cmd == /* ]] && [ -e "$cmd" ]; } || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian packages: ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
