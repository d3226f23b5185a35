import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EmergencyStatus, SessionDetail } from '@app/shared/emergency/schemas';
import { notifyError } from '@/lib/notify';
import { useRealtimeStatus } from '@/lib/socket';
import { sessionQueryKey } from '../api/get-session';
import { sendMarks } from '../api/send-marks';
import { enqueueMark, newClientId, readQueue, type QueuedMark } from '../utils/mark-queue';
import { createMarkSender, type MarkSender } from '../utils/mark-sender';
import { mergeEntries } from '../utils/roll';

export type MarkQueue = {
  /** The marks not received by the server yet, oldest first. */
  waiting: QueuedMark[];
  /** Marks are being sent now. */
  sending: boolean;
  /** Taps a status for a roll entry: shown at once, kept in this browser, sent as soon as it can be. */
  mark: (rollId: string, status: EmergencyStatus) => void;
};

/**
 * The session page's marks: each tap is queued in localStorage with its client id and time, shown at
 * once and sent in batches (utils/mark-sender.ts); marks left from an earlier visit go when the page
 * opens, and after a dropped connection when the network and the real-time connection are back.
 */
export function useMarkQueue(sessionId: string, onEnded: () => void): MarkQueue {
  const queryClient = useQueryClient();
  const realtime = useRealtimeStatus();
  const [waiting, setWaiting] = useState<QueuedMark[]>(() => readQueue(sessionId));
  const [sending, setSending] = useState(false);
  const sender = useRef<MarkSender | null>(null);
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  });

  useEffect(() => {
    const current = createMarkSender(sessionId, {
      send: (body) => sendMarks(sessionId, body),
      onQueue: setWaiting,
      onSending: setSending,
      onReceived: (result) =>
        queryClient.setQueryData<SessionDetail>(sessionQueryKey(sessionId), (detail) =>
          detail ? { ...detail, roll: mergeEntries(detail.roll, result.entries) } : detail,
        ),
      onRefused: (error) => {
        if (error.code === 'emergency_session_ended') ended.current();
        notifyError(error.message);
      },
    });
    sender.current = current;
    void current.flush();
    const onOnline = () => {
      current.resetBackoff();
      void current.flush();
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      current.stop();
      sender.current = null;
    };
  }, [queryClient, sessionId]);

  // The real-time connection is live again: the server is reachable.
  useEffect(() => {
    if (realtime.state === 'live') void sender.current?.flush();
  }, [realtime.state]);

  const mark = useCallback(
    (rollId: string, status: EmergencyStatus) => {
      setWaiting(
        enqueueMark(sessionId, {
          client_id: newClientId(),
          roll_id: rollId,
          status,
          marked_at: new Date().toISOString(),
        }),
      );
      void sender.current?.flush();
    },
    [sessionId],
  );

  return { waiting, sending, mark };
}
