/** Why the last sign-in attempt failed, beside the form (the toast says it too, and fades). */
export function LoginProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p id="login-problem" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {problem}
    </p>
  );
}
