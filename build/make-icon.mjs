#!/usr/bin/env node
// Draws Tactile's 512×512 app icon (a phone outline with a touch point) into build/resources/icon.png, so the
// icon is reproducible from source rather than an opaque binary. `node build/make-icon.mjs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { URL } from 'node:url';

const size = 512;
const canvas = createCanvas(size, size);
const g = canvas.getContext('2d');
g.fillStyle = '#1f6feb';
g.beginPath();
g.roundRect(16, 16, size - 32, size - 32, 96);
g.fill();
g.strokeStyle = '#ffffff';
g.lineWidth = 24;
g.beginPath();
g.roundRect(156, 86, 200, 340, 32);
g.stroke();
g.fillStyle = '#ffffff';
g.beginPath();
g.arc(256, 256, 44, 0, Math.PI * 2);
g.fill();
mkdirSync(new URL('./resources/', import.meta.url), { recursive: true });
writeFileSync(new URL('./resources/icon.png', import.meta.url), canvas.toBuffer('image/png'));
