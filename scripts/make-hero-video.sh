#!/usr/bin/env sh
# Re-creates the home page's hero media and the default article image with
# ffmpeg (Debian's ffmpeg 5.1 has VP9 and H.264). Abstract, generated clips:
# a slowly drifting navy/steel gradient under a faint engineering grid.
#   web/site/pages/home/media/hero.webm       VP9, ~8 s loop
#   web/site/pages/home/media/hero.mp4        H.264 fallback (faststart)
#   web/site/pages/home/media/hero-poster.jpg first frame, shown before and instead of the video
#   web/public/media/news-default.jpg 1200x630 image for articles without their own
set -eu
# The hero's files are imported by the page (named by their content when built);
# the default article image keeps its address under /media.
HERO="$(dirname "$0")/../web/site/pages/home/media"
OUT="$(dirname "$0")/../web/public/media"
mkdir -p "$HERO" "$OUT"

SRC="gradients=s=1280x720:r=24:d=8:speed=0.015:c0=0x070b14:c1=0x12203d:c2=0x1f3a5f:c3=0x0b1220:c4=0x3b4a63:nb_colors=5:seed=11"
GRID="drawgrid=w=80:h=80:t=1:c=0x94a3b8@0.10,vignette=PI/4"

ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$SRC" -vf "$GRID,format=yuv420p" \
  -c:v libvpx-vp9 -b:v 0 -crf 42 -deadline good -cpu-used 4 -row-mt 1 -an "$HERO/hero.webm"
ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$SRC" -vf "$GRID,format=yuv420p" \
  -c:v libx264 -preset slow -crf 30 -profile:v high -movflags +faststart -an "$HERO/hero.mp4"
ffmpeg -hide_banner -loglevel error -y -i "$HERO/hero.mp4" -frames:v 1 -q:v 6 "$HERO/hero-poster.jpg"

ffmpeg -hide_banner -loglevel error -y -f lavfi \
  -i "gradients=s=1200x630:d=1:c0=0x0b1220:c1=0x1f3a5f:c2=0x0f172a:c3=0xb45309:nb_colors=4:seed=5:type=radial" \
  -vf "drawgrid=w=60:h=60:t=1:c=0xcbd5e1@0.12,vignette=PI/5" -frames:v 1 -q:v 5 "$OUT/news-default.jpg"

ls -l "$HERO" "$OUT"
