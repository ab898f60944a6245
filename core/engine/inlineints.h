// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <vector>

namespace jw {

// A vector of ints that keeps up to N of them inside itself and goes to the heap only
// beyond: the per-model counters of the state (ModelState::weaponsDamaged, traitsDamaged,
// weaponsUsed), copied with every GameState, so that a copy of the state (the computer's
// trials, stop 35 in docs/performance.md) does not allocate for each model. Any size
// works; more than N costs one allocation a copy, as a std::vector does. The interface is
// the part of std::vector<int> the engine uses; it converts to a std::vector<int> and
// compares equal to one with the same elements.
template<std::size_t N>
class InlineInts
{
    static_assert(N > 0 && N < 0xffffffffu);

public:
    using value_type = int;
    using size_type = std::size_t;
    using difference_type = std::ptrdiff_t;
    using reference = int &;
    using const_reference = const int &;
    using pointer = int *;
    using const_pointer = const int *;
    using iterator = int *;
    using const_iterator = const int *;

    InlineInts() noexcept { } // user-provided: a const one needs no initializer
    InlineInts(std::initializer_list<int> values) { assignRange(values.begin(), values.size()); }
    explicit InlineInts(const std::vector<int> &values)
    {
        assignRange(values.data(), values.size());
    }
    InlineInts(size_type count, int value) { assign(count, value); }
    InlineInts(const InlineInts &o) { assignRange(o.data(), o.m_size); }
    InlineInts(InlineInts &&o) noexcept { take(o); }
    InlineInts &operator=(const InlineInts &o)
    {
        if (this != &o)
            assignRange(o.data(), o.m_size);
        return *this;
    }
    InlineInts &operator=(InlineInts &&o) noexcept
    {
        if (this != &o) {
            release();
            take(o);
        }
        return *this;
    }
    InlineInts &operator=(std::initializer_list<int> values)
    {
        assignRange(values.begin(), values.size());
        return *this;
    }
    ~InlineInts() { release(); }

    // A copy as a std::vector (for code that takes one; not for a hot path).
    operator std::vector<int>() const { return std::vector<int>(begin(), end()); }

    [[nodiscard]] static constexpr size_type inlineCapacity() { return N; }
    [[nodiscard]] size_type size() const { return m_size; }
    [[nodiscard]] bool empty() const { return m_size == 0; }
    [[nodiscard]] size_type capacity() const { return m_capacity; }
    // Whether the elements are on the heap (more than N were held at some point since the
    // last copy or clear).
    [[nodiscard]] bool onHeap() const { return m_capacity > N; }

    [[nodiscard]] int *data() { return onHeap() ? m_heap : m_inline; }
    [[nodiscard]] const int *data() const { return onHeap() ? m_heap : m_inline; }
    [[nodiscard]] iterator begin() { return data(); }
    [[nodiscard]] iterator end() { return data() + m_size; }
    [[nodiscard]] const_iterator begin() const { return data(); }
    [[nodiscard]] const_iterator end() const { return data() + m_size; }
    [[nodiscard]] const_iterator cbegin() const { return begin(); }
    [[nodiscard]] const_iterator cend() const { return end(); }
    [[nodiscard]] int &operator[](size_type i) { return data()[i]; }
    [[nodiscard]] const int &operator[](size_type i) const { return data()[i]; }
    [[nodiscard]] int &front() { return data()[0]; }
    [[nodiscard]] const int &front() const { return data()[0]; }
    [[nodiscard]] int &back() { return data()[m_size - 1]; }
    [[nodiscard]] const int &back() const { return data()[m_size - 1]; }

    void clear() { m_size = 0; }
    void push_back(int value)
    {
        if (m_size == m_capacity)
            grow(m_size + 1);
        data()[m_size++] = value;
    }
    void pop_back() { --m_size; }
    void reserve(size_type count)
    {
        if (count > m_capacity)
            grow(count);
    }
    void resize(size_type count, int value = 0)
    {
        if (count > m_capacity)
            grow(count);
        if (count > m_size)
            std::fill(data() + m_size, data() + count, value);
        m_size = std::uint32_t(count);
    }
    void assign(size_type count, int value)
    {
        m_size = 0;
        resize(count, value);
    }

    friend bool operator==(const InlineInts &a, const InlineInts &b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    friend bool operator==(const InlineInts &a, const std::vector<int> &b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    void assignRange(const int *values, size_type count)
    {
        if (count > m_capacity) {
            release();
            m_heap = new int[count];
            m_capacity = std::uint32_t(count);
        }
        if (count > 0)
            std::memcpy(data(), values, count * sizeof(int));
        m_size = std::uint32_t(count);
    }
    // Room for at least `count`, the elements kept (at least twice as much, as a std::vector).
    void grow(size_type count)
    {
        const size_type capacity = std::max(count, 2 * size_type(m_capacity));
        int *heap = new int[capacity];
        if (m_size > 0)
            std::memcpy(heap, data(), m_size * sizeof(int));
        release();
        m_heap = heap;
        m_capacity = std::uint32_t(capacity);
    }
    void release()
    {
        if (onHeap())
            delete[] m_heap;
        m_capacity = N;
    }
    // Takes `o`'s elements (its heap block, if any), leaving it empty and inline. Expects
    // this one released.
    void take(InlineInts &o)
    {
        m_size = o.m_size;
        if (o.onHeap()) {
            m_heap = o.m_heap;
            m_capacity = o.m_capacity;
            o.m_capacity = N;
        } else if (m_size > 0) {
            std::memcpy(m_inline, o.m_inline, m_size * sizeof(int));
        }
        o.m_size = 0;
    }

    std::uint32_t m_size = 0;
    std::uint32_t m_capacity = N; // N: inline; more: on the heap
    union {
        int m_inline[N];
        int *m_heap;
    };
};

} // namespace jw
