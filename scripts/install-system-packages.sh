#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages AnalogKit builds and tests against, skipping what is present.
set -euo pipefail
packages=(
    pkg-config
    libvips-dev libvips-tools            # imaging; `vips`/`vipsthumbnail` are benchmark peers
    libavformat-dev libavcodec-dev libavdevice-dev libavutil-dev libswscale-dev libswresample-dev ffmpeg  # RecorderKit (audio: libswresample); ffprobe in tests
    # RecorderKit's live-source tests: GStreamer's RTSP server (Tests/LiveServers/rtsp-server.py)
    python3-gst-1.0 gir1.2-gst-rtsp-server-1.0 gstreamer1.0-plugins-base gstreamer1.0-plugins-good
    gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly
    libimage-exiftool-perl               # tests read metadata back with exiftool
    imagemagick                          # a peer in the comparison script
    fonts-dejavu-core                    # labels, date stamps and film edge text
    libsqlite3-dev                       # SQLite for GRDB (SocialModel, GalleryKit)
    libexif-dev libjpeg-dev              # GalleryKit writes EXIF and copies JPEG data losslessly
    linux-libc-dev                       # CaptureDevices: the kernel's V4L2 header (linux/videodev2.h)
    postgresql                           # a throw-away server for the PostgreSQL store's tests
    python3-aiosmtpd openssl             # SocialModelMail's tests: a real SMTP server, its TLS certificate
    msmtp                                # SocialModelMail's tests: a real MTA behind `sendmail -t -i`
    nginx-light curl                     # social-server's scale-out test and script: two instances behind nginx
    chromium                             # social-server's share page in a real browser (headless; ~30 s to install)
    wrk sqlite3                          # social-server's HTTP benchmark (Examples/SocialServer/benchmark.sh)
    python3-venv                         # scripts/contract-test.sh installs schemathesis (PyPI) into a venv
    python3                              # scripts/readme-snippets.py: the README blocks against ReadmeSnippets/
)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
