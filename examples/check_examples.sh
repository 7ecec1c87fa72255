#!/bin/sh
# check_examples.sh: runs both Gram-Schmidt examples (from the build
# directory, as make check does); each must print a loss of orthogonality
# ||Q^T Q - I||_F below 1e-12, near the machine precision of double.
status=0
for example in examples/gram_schmidt_f77 examples/gram_schmidt_module; do
    if ! output=`./$example`; then
        printf '%s\n' "$output"
        echo "FAIL: $example exited with an error"
        status=1
        continue
    fi
    printf '%s\n' "$output"
    loss=`printf '%s\n' "$output" | sed -n 's/.*||Q^T Q - I||_F = *//p'`
    if awk -v loss="$loss" 'BEGIN { exit !(loss != "" && loss + 0 < 1e-12) }'; then
        echo "$example: loss of orthogonality $loss, below 1e-12"
    else
        echo "FAIL: $example: loss of orthogonality '$loss', not below 1e-12"
        status=1
    fi
done
exit $status
