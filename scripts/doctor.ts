// `npm run doctor`: checks the settings, the database, the file store (S3 when set), free space,
// PUBLIC_URL / HTTPS, the push keys and the tools backups need, and says in plain words what is
// wrong. Exits 1 when something must be fixed. Safe while the server runs.
import { formatDoctorReport, runDoctor } from '../src/server/doctor/doctor-checks';

const checks = await runDoctor();
process.stdout.write(formatDoctorReport(checks));
if (checks.some((check) => check.status === 'fail')) process.exitCode = 1;
