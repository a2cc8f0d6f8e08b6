;; The recolour's mean and paint passes (oklab-recolour.ts) as WebAssembly: the same steps on
;; the same tables, bit for bit, a few times faster than V8 runs the JavaScript loops
;; (docs/decisions/122-recolour-paint-kernel.md). Built into paint-kernel.wasm.ts by
;; `npm run build:kernels -w @facelift/shared`; a test checks the two agree.
;;
;; Memory (bytes), filled by paint-kernel.ts:
;;   0         painted colour per lightness code, 65,536 × u32 (red | green << 8 | blue << 16)
;;   262144    cone tables, 9 × 256 × f64: long from red, green, blue; medium …; short …
;;   280576    cube roots at 0, 1/65536, … , 65537/65536: 65,538 × f64
;;   1048560   the two sums measure() leaves (f64 each)
;;   1048576   lightness code per 24-bit colour, 2^24 × u16 (0 = not known yet)
;;   34603008  scratch: the pixels and weights of the rows being painted
(module
  (memory (export "memory") 528)
  ;; cubeRoot() of oklab-recolour.ts: the table read with linear interpolation.
  (func $cubeRoot (param $value f64) (result f64)
    (local $position f64) (local $step i32) (local $below f64)
    (local.set $position (f64.mul (local.get $value) (f64.const 65536)))
    (local.set $step (i32.trunc_f64_s (local.get $position)))
    (local.set $below (f64.load offset=280576 (i32.shl (local.get $step) (i32.const 3))))
    (f64.add (local.get $below)
      (f64.mul
        (f64.sub (f64.load offset=280584 (i32.shl (local.get $step) (i32.const 3))) (local.get $below))
        (f64.sub (local.get $position) (f64.convert_i32_s (local.get $step))))))
  ;; lightnessCode() of oklab-recolour.ts: OKLab lightness as a 16-bit code, kept per colour.
  (func $lightnessCode (param $r i32) (param $g i32) (param $b i32) (param $key i32) (result i32)
    (local $long f64) (local $medium f64) (local $short f64) (local $l f64) (local $code i32)
    (local.set $r (i32.shl (local.get $r) (i32.const 3)))
    (local.set $g (i32.shl (local.get $g) (i32.const 3)))
    (local.set $b (i32.shl (local.get $b) (i32.const 3)))
    (local.set $long (call $cubeRoot (f64.add (f64.add
      (f64.load offset=262144 (local.get $r)) (f64.load offset=264192 (local.get $g))) (f64.load offset=266240 (local.get $b)))))
    (local.set $medium (call $cubeRoot (f64.add (f64.add
      (f64.load offset=268288 (local.get $r)) (f64.load offset=270336 (local.get $g))) (f64.load offset=272384 (local.get $b)))))
    (local.set $short (call $cubeRoot (f64.add (f64.add
      (f64.load offset=274432 (local.get $r)) (f64.load offset=276480 (local.get $g))) (f64.load offset=278528 (local.get $b)))))
    (local.set $l (f64.sub
      (f64.add (f64.mul (f64.const 0.2104542553) (local.get $long)) (f64.mul (f64.const 0.793617785) (local.get $medium)))
      (f64.mul (f64.const 0.0040720468) (local.get $short))))
    (local.set $code
      (if (result i32) (f64.ge (local.get $l) (f64.const 1))
        (then (i32.const 65535))
        (else (if (result i32) (f64.le (local.get $l) (f64.const 0))
          (then (i32.const 1))
          (else (i32.add (i32.trunc_f64_s (f64.add (f64.mul (local.get $l) (f64.const 65534)) (f64.const 0.5))) (i32.const 1)))))))
    (i32.store16 offset=1048576 (i32.shl (local.get $key) (i32.const 1)) (local.get $code))
    (local.get $code))
;; measureBand() of oklab-recolour.ts on `rows` rows of `width` pixels in a row (the sampled
  ;; rows of the region's box, copied in one after another), every `spacing`th pixel of each:
  ;; adds up code × weight and the weights, left at 1048560 and 1048568. Both sums are whole
  ;; numbers far below 2^53, so adding them as integers gives the JavaScript's doubles exactly.
  (func (export "measure") (param $src i32) (param $weights i32) (param $rows i32) (param $width i32) (param $spacing i32) (param $channels i32)
    (local $row i32) (local $x i32) (local $w i32) (local $s i32) (local $key i32) (local $code i32)
    (local $weightedSum i64) (local $weightTotal i64) (local $step i32)
    (local.set $step (i32.mul (local.get $spacing) (local.get $channels)))
    (block $rowsDone (loop $nextRow
      (br_if $rowsDone (i32.ge_u (local.get $row) (local.get $rows)))
      (local.set $x (i32.const 0))
      (local.set $s (i32.add (local.get $src) (i32.mul (i32.mul (local.get $row) (local.get $width)) (local.get $channels))))
      (block $pixelsDone (loop $nextPixel
        (br_if $pixelsDone (i32.ge_u (local.get $x) (local.get $width)))
        (local.set $w (i32.load8_u (i32.add (local.get $weights) (i32.add (i32.mul (local.get $row) (local.get $width)) (local.get $x)))))
        (if (local.get $w) (then
          (local.set $key (i32.and (i32.load (local.get $s)) (i32.const 0xffffff)))
          (local.set $code (i32.load16_u offset=1048576 (i32.shl (local.get $key) (i32.const 1))))
          (if (i32.eqz (local.get $code)) (then
            (local.set $code (call $lightnessCode
              (i32.and (local.get $key) (i32.const 255))
              (i32.and (i32.shr_u (local.get $key) (i32.const 8)) (i32.const 255))
              (i32.shr_u (local.get $key) (i32.const 16))
              (local.get $key)))))
          (local.set $weightedSum (i64.add (local.get $weightedSum) (i64.extend_i32_u (i32.mul (local.get $code) (local.get $w)))))
          (local.set $weightTotal (i64.add (local.get $weightTotal) (i64.extend_i32_u (local.get $w))))))
        (local.set $x (i32.add (local.get $x) (local.get $spacing)))
        (local.set $s (i32.add (local.get $s) (local.get $step)))
        (br $nextPixel)))
      (local.set $row (i32.add (local.get $row) (i32.const 1)))
      (br $nextRow)))
    (f64.store (i32.const 1048560) (f64.convert_i64_u (local.get $weightedSum)))
    (f64.store (i32.const 1048568) (f64.convert_i64_u (local.get $weightTotal))))
  ;; paintBand() of oklab-recolour.ts on `count` pixels in a row, `channels` bytes each, from
  ;; `src` to `out` (which may be `src`): pixels of weight 0 are never written. The colour's
  ;; key is its first three bytes read as one little-endian word (red | green << 8 | blue << 16),
  ;; the order oklab-recolour.ts keys its table in; the byte after the last pixel read is in
  ;; the scratch area too.
  (func (export "paint") (param $src i32) (param $weights i32) (param $out i32) (param $count i32) (param $channels i32)
    (local $end i32) (local $w i32) (local $key i32) (local $code i32) (local $colour i32) (local $keep i32)
    (local.set $end (i32.add (local.get $weights) (local.get $count)))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $weights) (local.get $end)))
      (local.set $w (i32.load8_u (local.get $weights)))
      (if (local.get $w) (then
        (local.set $key (i32.and (i32.load (local.get $src)) (i32.const 0xffffff)))
        (local.set $code (i32.load16_u offset=1048576 (i32.shl (local.get $key) (i32.const 1))))
        (if (i32.eqz (local.get $code)) (then
          (local.set $code (call $lightnessCode
            (i32.and (local.get $key) (i32.const 255))
            (i32.and (i32.shr_u (local.get $key) (i32.const 8)) (i32.const 255))
            (i32.shr_u (local.get $key) (i32.const 16))
            (local.get $key)))))
        (local.set $colour (i32.load (i32.shl (local.get $code) (i32.const 2))))
        (if (i32.eq (local.get $w) (i32.const 255))
          (then
            (i32.store16 (local.get $out) (local.get $colour))
            (i32.store8 offset=2 (local.get $out) (i32.shr_u (local.get $colour) (i32.const 16))))
          (else
            (local.set $keep (i32.sub (i32.const 255) (local.get $w)))
            ;; round(n / 255) = floor((2n + 255) / 510): n / 255 is never a half.
            (i32.store8 (local.get $out) (i32.div_u (i32.add (i32.shl (i32.add
              (i32.mul (i32.load8_u (local.get $out)) (local.get $keep))
              (i32.mul (i32.and (local.get $colour) (i32.const 255)) (local.get $w))) (i32.const 1)) (i32.const 255)) (i32.const 510)))
            (i32.store8 offset=1 (local.get $out) (i32.div_u (i32.add (i32.shl (i32.add
              (i32.mul (i32.load8_u offset=1 (local.get $out)) (local.get $keep))
              (i32.mul (i32.and (i32.shr_u (local.get $colour) (i32.const 8)) (i32.const 255)) (local.get $w))) (i32.const 1)) (i32.const 255)) (i32.const 510)))
            (i32.store8 offset=2 (local.get $out) (i32.div_u (i32.add (i32.shl (i32.add
              (i32.mul (i32.load8_u offset=2 (local.get $out)) (local.get $keep))
              (i32.mul (i32.shr_u (local.get $colour) (i32.const 16)) (local.get $w))) (i32.const 1)) (i32.const 255)) (i32.const 510)))))))
      (local.set $weights (i32.add (local.get $weights) (i32.const 1)))
      (local.set $src (i32.add (local.get $src) (local.get $channels)))
      (local.set $out (i32.add (local.get $out) (local.get $channels)))
      (br $next))))
)
