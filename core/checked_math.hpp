#pragma once
// Overflow-checked arithmetic on sizes (counts, bytes, tokens) in int64: a product that does not
// fit is std::nullopt instead of undefined behaviour, so a caller can refuse the input.
#include <cstdint>
#include <initializer_list>
#include <optional>

namespace wt {

inline std::optional<int64_t> checked_mul(int64_t a, int64_t b) {
  int64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product)) return std::nullopt;
  return product;
}

inline std::optional<int64_t> checked_add(int64_t a, int64_t b) {
  int64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) return std::nullopt;
  return sum;
}

inline std::optional<int64_t> checked_product(std::initializer_list<int64_t> factors) {
  int64_t product = 1;
  for (int64_t f : factors) {
    const std::optional<int64_t> next = checked_mul(product, f);
    if (!next) return std::nullopt;
    product = *next;
  }
  return product;
}

}  // namespace wt
