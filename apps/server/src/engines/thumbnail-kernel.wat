;; The first step of a result's thumbnail (thumbnail-shrink.ts): a box average by a whole
;; factor, the sums of a band of rows taken 16 bytes at a time with SIMD. libvips's resize from
;; the full 12 MP raster took about twice as long (docs/decisions/122-recolour-paint-kernel.md).
;; Built into thumbnail-kernel.wasm.ts by `npm run build:kernels -w @facelift/shared`; a test
;; checks the two agree.
(module
  (memory (export "memory") 1)
  ;; One band: `rows` rows (at most `factor`, fewer at the bottom edge) of `rowBytes` bytes
  ;; each at `src`, `width` pixels of `channels` bytes, become one row of ceil(width / factor)
  ;; pixels at `out`, each the mean of its block rounded half up (the last block of a row may
  ;; be narrower). `sums` holds one 16-bit sum per byte of a row (2 × rowBytes rounded up to
  ;; 16, plus 32 bytes); the rows are read 16 bytes at a time, so 16 bytes past the band must
  ;; be memory too.
  (func (export "shrinkBand") (param $src i32) (param $rowBytes i32) (param $rows i32) (param $factor i32)
    (param $channels i32) (param $width i32) (param $sums i32) (param $out i32)
    (local $row i32) (local $i i32) (local $rowAt i32) (local $v v128) (local $at i32)
    (local $x i32) (local $c i32) (local $k i32) (local $count i32) (local $sum i32) (local $area i32) (local $column i32)
    (block $zeroed (loop $zero
      (br_if $zeroed (i32.ge_u (local.get $i) (local.get $rowBytes)))
      (local.set $at (i32.add (local.get $sums) (i32.shl (local.get $i) (i32.const 1))))
      (v128.store (local.get $at) (v128.const i64x2 0 0))
      (v128.store offset=16 (local.get $at) (v128.const i64x2 0 0))
      (local.set $i (i32.add (local.get $i) (i32.const 16)))
      (br $zero)))
    (block $rowsDone (loop $nextRow
      (br_if $rowsDone (i32.ge_u (local.get $row) (local.get $rows)))
      (local.set $rowAt (i32.add (local.get $src) (i32.mul (local.get $row) (local.get $rowBytes))))
      (local.set $i (i32.const 0))
      (block $bytesDone (loop $nextBytes
        (br_if $bytesDone (i32.ge_u (local.get $i) (local.get $rowBytes)))
        (local.set $v (v128.load (i32.add (local.get $rowAt) (local.get $i))))
        (local.set $at (i32.add (local.get $sums) (i32.shl (local.get $i) (i32.const 1))))
        (v128.store (local.get $at) (i16x8.add (v128.load (local.get $at)) (i16x8.extend_low_i8x16_u (local.get $v))))
        (v128.store offset=16 (local.get $at)
          (i16x8.add (v128.load offset=16 (local.get $at)) (i16x8.extend_high_i8x16_u (local.get $v))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $nextBytes)))
      (local.set $row (i32.add (local.get $row) (i32.const 1)))
      (br $nextRow)))
    (block $xDone (loop $nextX
      (br_if $xDone (i32.ge_u (local.get $x) (local.get $width)))
      (local.set $count (i32.sub (local.get $width) (local.get $x)))
      (if (i32.gt_u (local.get $count) (local.get $factor)) (then (local.set $count (local.get $factor))))
      (local.set $area (i32.mul (local.get $count) (local.get $rows)))
      (local.set $c (i32.const 0))
      (block $cDone (loop $nextC
        (br_if $cDone (i32.ge_u (local.get $c) (local.get $channels)))
        (local.set $sum (i32.const 0))
        (local.set $column (i32.add (i32.mul (local.get $x) (local.get $channels)) (local.get $c)))
        (local.set $k (i32.const 0))
        (block $kDone (loop $nextK
          (br_if $kDone (i32.ge_u (local.get $k) (local.get $count)))
          (local.set $sum (i32.add (local.get $sum)
            (i32.load16_u (i32.add (local.get $sums) (i32.shl (local.get $column) (i32.const 1))))))
          (local.set $column (i32.add (local.get $column) (local.get $channels)))
          (local.set $k (i32.add (local.get $k) (i32.const 1)))
          (br $nextK)))
        (i32.store8 (local.get $out)
          (i32.div_u (i32.add (local.get $sum) (i32.shr_u (local.get $area) (i32.const 1))) (local.get $area)))
        (local.set $out (i32.add (local.get $out) (i32.const 1)))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $nextC)))
      (local.set $x (i32.add (local.get $x) (local.get $factor)))
      (br $nextX))))
)
