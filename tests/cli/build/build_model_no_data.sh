# A missing data directory or -o is a usage error, and no model is written.
kma build-model --data no-such-dir -o m.kmam
ls m.kmam 2>/dev/null || echo "no m.kmam"
kma build-model
